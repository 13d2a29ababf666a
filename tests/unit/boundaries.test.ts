import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layers (DECISIONS.md "Layers") as the lint enforces them: core/ imports only core/ and
// packages, api/ never src/ or server/, src/ never api/ or server/, and no cycles in api/ or
// core/. Fixtures are linted as text at a path inside each folder, with the repository's own
// eslint.config.js.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const LAYER_RULE = 'import-x/no-restricted-paths';

describe('the import boundaries', { timeout: 120_000 }, () => {
  it('refuse core/ importing the server, the pages or the server entry', async () => {
    for (const wrong of ['../api/config', '../src/lib/dates', '../server/compress']) {
      const found = await problems('core/fixture.ts', `export { x } from '${wrong}';\n`);
      expect(found).toEqual([
        `${LAYER_RULE}: Unexpected path "${wrong}" imported in restricted zone. core/ imports only core/ and packages: both the browser and the server load it.`,
      ]);
    }
  });

  it('let core/ import core/ and packages', async () => {
    const code =
      "import { z } from 'zod';\nimport { formatCents } from './money';\nexport { z, formatCents };\n";
    expect(await problems('core/fixture.ts', code)).toEqual([]);
  });

  it('refuse api/ importing src/ or server/, and let it import core/', async () => {
    for (const wrong of ['../../src/lib/dates', '../../server/compress']) {
      const found = await problems('api/modules/fixture.ts', `export { x } from '${wrong}';\n`);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(`${LAYER_RULE}: Unexpected path "${wrong}"`);
      expect(found[0]).toContain('api/ never imports src/ or server/');
    }
    const good = "export { formatCents } from '../../core/money';\n";
    expect(await problems('api/modules/fixture.ts', good)).toEqual([]);
  });

  it('refuse a new src/ import of the server, in a script and in a page', async () => {
    const wrong = "export { config } from '../../api/config';\n";
    const [found] = await problems('src/lib/fixture.ts', wrong);
    expect(found).toContain(`${LAYER_RULE}: Unexpected path "../../api/config"`);
    expect(found).toContain('src/ talks to the API through src/lib/api-client.ts');

    const page =
      "---\nimport { config } from '../../api/config';\nconst shop = config();\n---\n<p>{shop.shopEmail}</p>\n";
    const inPage = await problems('src/pages/fixture.astro', page);
    expect(inPage).toHaveLength(1);
    expect(inPage[0]).toContain(LAYER_RULE);

    const good = "export { formatCents } from '../../core/money';\n";
    expect(await problems('src/lib/fixture.ts', good)).toEqual([]);
  });

  it('refuse src/ importing the server, even for the files that once did', async () => {
    // Pages get the server's catalogue and settings through locals (src/lib/page-services.ts).
    const once = "export { catalogueOf } from '../../api/modules/catalogue';\n";
    const [found] = await problems('src/lib/catalogue-pages.ts', once);
    expect(found).toContain(`${LAYER_RULE}: Unexpected path "../../api/modules/catalogue"`);
    const server = "export { compress } from '../../server/compress';\n";
    const [fromServer] = await problems('src/lib/fixture.ts', server);
    expect(fromServer).toContain(`${LAYER_RULE}: Unexpected path "../../server/compress"`);
  });

  it("refuse reaching into another module's files, and let its index.ts through", async () => {
    // A module shows what others may use in its index.ts (issue 37 point 1).
    const deep = "export { closeOrder } from '../orders/close';\n";
    const found = await problems('api/modules/payments/fixture.ts', deep);
    expect(found).toEqual([
      `${LAYER_RULE}: Unexpected path "../orders/close" imported in restricted zone. Another module is used through its index.ts: import from api/modules/orders (add what you need to its index.ts), never from its files.`,
    ]);
    // The same from outside the modules: the app, the server entry, a script.
    const fromApp = await problems(
      'api/fixture.ts',
      "export { closeOrder } from './modules/orders/close';\n",
    );
    expect(fromApp).toHaveLength(1);
    expect(fromApp[0]).toContain('import from api/modules/orders');
    const fromServer = await problems(
      'server/fixture.ts',
      "export { createOutboxWorker } from '../api/modules/mail/worker';\n",
    );
    expect(fromServer).toHaveLength(1);
    expect(fromServer[0]).toContain('import from api/modules/mail');
    // Through the index, and inside a module, the same imports pass; tests may reach inside.
    const face = "export { closeOrder } from '../orders';\n";
    expect(await problems('api/modules/payments/fixture.ts', face)).toEqual([]);
    const inside = "export { closeOrder } from './close';\n";
    expect(await problems('api/modules/orders/fixture.ts', inside)).toEqual([]);
    const test = "export { closeOrder } from '../../api/modules/orders/close';\n";
    expect(await problems('tests/api/fixture.ts', test)).toEqual([]);
  });

  it('refuse an import cycle in api/', async () => {
    // change.ts publishes through notify.ts; notify.ts importing change.ts back closes a cycle.
    const code =
      "import { catalogueChanged } from './change';\nexport const apply = catalogueChanged;\n";
    const found = await problems('api/modules/catalogue/notify.ts', code);
    expect(found).toEqual(['import-x/no-cycle: Dependency cycle detected']);
    const typeOnly =
      "import type { CatalogueChange } from './change';\nexport type Change = CatalogueChange;\n";
    expect(await problems('api/modules/catalogue/notify.ts', typeOnly)).toEqual([]);
  });

  it("refuse an import cycle among the islands' files", async () => {
    // AdminSlips.tsx shows PickList.tsx; PickList.tsx importing AdminSlips.tsx back closes a cycle.
    const code = "import AdminSlips from './AdminSlips';\nexport const page = AdminSlips;\n";
    const found = await problems('src/islands/admin/PickList.tsx', code);
    expect(found).toContain('import-x/no-cycle: Dependency cycle detected');
    const typeOnly =
      "import type AdminSlips from './AdminSlips';\nexport type Page = typeof AdminSlips;\n";
    expect(await problems('src/islands/admin/PickList.tsx', typeOnly)).toEqual([]);
  });

  it('refuse cents, days and control characters handled outside their one home', async () => {
    const rule = 'no-restricted-syntax';
    const spellings = [
      ['const cents = dollars * 100;', 'core/money.ts'],
      ['const dollars = cents / 100;', 'core/money.ts'],
      ['const text = (12.5).toFixed(2);', 'core/money.ts'],
      ["const query = 'select current_date';", 'core/shop-calendar.ts'],
      ['const day = 86_400_000;', 'core/dates.ts'],
      ['const bad = /[\\u0000-\\u001f]/;', 'core/plain-text.ts'],
    ];
    for (const [line] of spellings) {
      const found = await problems('api/modules/orders/fixture.ts', `export ${line}\n`);
      expect(
        found.filter((problem) => problem.startsWith(`${rule}: `)),
        line,
      ).toHaveLength(1);
    }
    // In a file of the order lifecycle (where order states may be spelled) the rule still holds.
    expect(
      await problems('core/orders/fixture.ts', 'export const c = (d: number) => d * 100;\n'),
    ).toHaveLength(1);
    // Each spelling is allowed in its home.
    for (const [line, home] of spellings) {
      const found = await problems(home!, `export ${line}\n`);
      expect(
        found.filter((problem) => problem.startsWith(rule)),
        `${line} in ${home}`,
      ).toEqual([]);
    }
    // Through the home, the same work passes.
    const good =
      "import { dollarsToCents } from '../../../core/money';\nexport const c = dollarsToCents(1.5);\n";
    expect(await problems('api/modules/orders/fixture.ts', good)).toEqual([]);
  });
});
