import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { articlesNamingMissingProducts } from '../../api/modules/admin/dashboard-articles';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/**
 * Issue 38: a product slug an article names that the shop does not serve (a typo today drops the
 * product silently) is listed on the dashboard with its file and line.
 */

const folder = mkdtempSync(join(tmpdir(), 'evergreen-articles-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('articles that name products the shop does not have', () => {
  const api = useApi({ seed: true });

  it('lists an unknown slug with its file and line, and not the slugs the shop serves', async () => {
    writeFileSync(
      join(folder, 'mugs.mdx'),
      [
        '---',
        'title: Mugs',
        'products:',
        '  - cedar-ridge-mug',
        '  - cedar-ridge-mugg',
        '---',
        '',
        'The <ProductLink slug="alder-cutting-board">board</ProductLink> and',
        'the <ProductLink slug="no-such-towel">towel</ProductLink>.',
      ].join('\n'),
    );
    expect(await articlesNamingMissingProducts(api.test.database.db, folder)).toEqual([
      { file: 'content/blog/mugs.mdx', line: 5, slug: 'cedar-ridge-mugg' },
      { file: 'content/blog/mugs.mdx', line: 9, slug: 'no-such-towel' },
    ]);
  });

  it('is part of the dashboard the back office reads', async () => {
    const admin = await signedInAdmin(api);
    const answer = await api.get('/admin/dashboard', bearer(admin.token));
    expect(answer.status).toBe(200);
    // The shop's own articles name only products it serves.
    expect((await answer.json()).articlesNamingMissingProducts).toEqual([]);
  });
});
