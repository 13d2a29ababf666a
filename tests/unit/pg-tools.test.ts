import { afterEach, describe, expect, it } from 'vitest';
import { libpqEnvironment, runPgTool } from '../../api/modules/backup/pg-tools';

/** PostgreSQL's client tools, as a backup and a restore run them (api/modules/backup/pg-tools.ts). */
describe('the PostgreSQL client tools', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('when missing, say which Debian package brings them', async () => {
    process.env.PATH = '/nonexistent';
    await expect(runPgTool('pg_dump', ['--version'], 'postgres://localhost/shop')).rejects.toThrow(
      'pg_dump is not installed: install the PostgreSQL client tools (Debian: sudo apt-get install postgresql-client, the same major version as the server or newer), then try again.',
    );
  });

  it('get the connection through the environment, never the command line', () => {
    expect(
      libpqEnvironment('postgres://shop:s%40cret@db.example.com:6543/evergreen?sslmode=require'),
    ).toEqual({
      PGHOST: 'db.example.com',
      PGPORT: '6543',
      PGDATABASE: 'evergreen',
      PGUSER: 'shop',
      PGPASSWORD: 's@cret',
      PGSSLMODE: 'require',
    });
  });
});
