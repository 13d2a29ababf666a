import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'evergreen-config-'));

describe('configuration', () => {
  it('uses safe development defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      env: 'development',
      port: 4321,
      host: 'localhost',
      databaseUrl: undefined,
      payments: { provider: 'sandbox' },
      siteName: 'Evergreen',
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('generates a missing development secret once and keeps it under the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(second).toBe(first);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual({
      JWT_SECRET: first,
    });
  });

  it('refuses to start in production without JWT_SECRET and names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
  });

  it('refuses a weak production secret and names it', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'changeme', DATA_DIR: dataDir() }),
    ).toThrow(/JWT_SECRET is too weak/);
  });

  it('accepts a strong production secret', () => {
    const secret = 'x'.repeat(16) + 'Y'.repeat(16) + '0123456789';
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('names the Stripe keys it needs when Stripe is chosen', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', DATA_DIR: dataDir() })).toThrow(
      /STRIPE_SECRET_KEY is required/,
    );
  });

  it('sizes the embedded database for a small shop unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).embedded).toEqual({
      sharedBuffers: '16MB',
      wasmCompiler: 'baseline',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), PGLITE_WASM_COMPILER: 'optimizing' }).embedded.wasmCompiler,
    ).toBe('optimizing');
    expect(() => loadConfig({ DATA_DIR: dataDir(), PGLITE_WASM_COMPILER: 'fast' })).toThrow(
      /PGLITE_WASM_COMPILER/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), PGLITE_SHARED_BUFFERS: '64MB' }).embedded.sharedBuffers,
    ).toBe('64MB');
    for (const wrong of ['lots', '16 MB', '16mb', '64kB', '2GB']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PGLITE_SHARED_BUFFERS: wrong })).toThrow(
        /PGLITE_SHARED_BUFFERS/,
      );
    }
  });

  it('rejects a malformed value with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir() })).toThrow(
      /DATABASE_URL/,
    );
  });
});
