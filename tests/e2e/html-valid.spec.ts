import { expect, test } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { nuErrors } from '../helpers/nu-checker';

/*
 * Issue 24 point 10: the pages a shopper and the owner open are valid HTML by the W3C Nu checker
 * (the engine of validator.w3.org/nu), as the built server sends them: its kept catalogue pages,
 * the search page it fills from its prerendered shell, and Astro's own pages.
 */
const PAGES = {
  home: '/',
  category: '/products/Home/',
  subcategory: '/products/Home/Kitchen',
  product: `/productdetailpage/${seedProductId('yoga-starter-bundle')}`,
  search: '/search?q=mug',
  faq: '/faq',
  blog: '/blog',
  contact: '/contactus',
  cart: '/cart',
  login: '/login',
  register: '/register',
  shipping: '/shipping',
  orders: '/orders',
  account: '/account',
  admin: '/admin',
};

test('the Nu HTML checker finds no error on the shop’s pages', async ({ request }) => {
  test.setTimeout(60_000);
  const documents: Record<string, string> = {};
  for (const [name, path] of Object.entries(PAGES)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    documents[`${name} (${path})`] = await response.text();
  }
  // The check can fail: a document with the two faults the shop once had (a <style> that is not
  // first in <body>, a <script> after the end of the document) is reported.
  const home = documents[`home (/)`]!;
  documents['broken copy of home'] = home
    .replace('<body>', '<body><p>before</p><style>p{color:red}</style>')
    .replace('</html>', '</html><script>void 0</script>');

  const errors = await nuErrors(documents);
  const broken = errors.filter((error) => error.document === 'broken copy of home');
  expect(broken.map((error) => error.message).join('\n')).toMatch(/style/i);
  expect(broken.map((error) => error.message).join('\n')).toMatch(/script|after/i);
  const real = errors
    .filter((error) => error.document !== 'broken copy of home')
    .map((error) => `${error.document}:${error.line}: ${error.message} [${error.extract ?? ''}]`);
  expect(real).toEqual([]);
});
