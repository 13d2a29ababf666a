import { expect, test } from '@playwright/test';
import { shopEmail } from '../../api/config';
import { seedProductId } from '../../api/db/seed';
import { products as catalogue } from '../../api/db/seed/catalogue';
import { CONTENT_ROUTES } from './support/routes';

test.describe('the FAQ', () => {
  test('keeps one topic open at a time while each question opens on its own', async ({ page }) => {
    await page.goto('/faq');
    const topics = page.locator('details.faq-topic');
    await expect(topics.locator(':scope > summary')).toHaveText([
      'About',
      'Shipping & Delivery',
      'Returns & Exchanges',
      'Payments',
      'Products',
      'Account & Orders',
    ]);
    const topic = (name: string) =>
      topics.filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
    const isOpen = (name: string) =>
      topic(name).evaluate((element: HTMLDetailsElement) => element.open);
    expect(await isOpen('About')).toBe(true);

    await topic('Shipping & Delivery').locator(':scope > summary').click();
    expect(await isOpen('Shipping & Delivery')).toBe(true);
    expect(await isOpen('About')).toBe(false);

    // From the keyboard too.
    await topic('Returns & Exchanges').locator(':scope > summary').focus();
    await page.keyboard.press('Enter');
    expect(await isOpen('Returns & Exchanges')).toBe(true);
    expect(await isOpen('Shipping & Delivery')).toBe(false);

    const returns = topic('Returns & Exchanges');
    const question = (text: string) =>
      returns.locator('details.faq-question').filter({ hasText: text });
    const questionOpen = (text: string) =>
      question(text).evaluate((element: HTMLDetailsElement) => element.open);
    await question('What is your return policy?').locator('summary').click();
    await question('How do I start a return?').locator('summary').click();
    expect(await questionOpen('What is your return policy?')).toBe(true);
    expect(await questionOpen('How do I start a return?')).toBe(true);
    await question('What is your return policy?').locator('summary').click();
    expect(await questionOpen('What is your return policy?')).toBe(false);
    expect(await questionOpen('How do I start a return?')).toBe(true);
    await expect(question('How do I start a return?')).toContainText('Start a Return');
  });

  test('gives every answer of the spec and its links', async ({ page }) => {
    await page.goto('/faq');
    // Markdown typesets quotes; compare with the spec's straight ones.
    const text = (await page.locator('article').textContent())!
      .replace(/\s+/g, ' ')
      .replace(/[‘’]/g, "'");
    for (const fact of [
      'about 2 weeks',
      '1-2 business days',
      '5-7 days',
      'only to the continental United States',
      'within 14 days of delivery, unused and in their original packaging',
      'Clothing may be exchanged for another size',
      'with your order number',
      'Refunds are processed 5-7 business days after we receive your return',
      'by email',
      'Guest checkout is allowed',
      "'Forgot Password'",
      "while its 'Cancel' button still shows",
      'Visa, Mastercard, American Express and Discover',
    ]) {
      expect(text).toContain(fact);
    }
    for (const href of ['/return-policy', '/contactus', '/privacy-policy', '/contact-us']) {
      expect(await page.locator(`article a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
  });
});

test('the return policy states every rule', async ({ page }) => {
  await page.goto('/return-policy');
  await expect(page.getByText('Last updated Aug 1, 2025')).toBeVisible();
  const text = (await page.locator('article').textContent())!.replace(/\s+/g, ' ');
  for (const rule of [
    'through our contact form within 14 days of delivery',
    'Clothing must be unworn, unwashed and have its tags attached',
    'exchanges depend on what we have in stock',
    'Digital products',
    'Gift cards',
    'Personalized items',
    'Items under $30 are final sale, unless they arrive damaged or defective',
    'Items over $30 may be returned within 14 days of delivery, as long as they are unused and in their original packaging',
    'The return policy in force on the day you bought the item applies',
  ]) {
    expect(text).toContain(rule);
  }
  await expect(page.locator('article a[href="/contactus"]').first()).toBeVisible();
});

test('the privacy policy is effective 8/1/2025 and keeps order data about 2 years', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await expect(page.getByText('Effective 8/1/2025')).toBeVisible();
  await expect(page.locator('article')).toContainText('We keep order data for about 2 years');
  await expect(page.locator('article')).toContainText('We use only essential cookies');
  await expect(page.locator('article')).toContainText('We never ask for your phone number.');
});

test('the terms of use have their 11 sections, Washington law and the support address', async ({
  page,
}) => {
  await page.goto('/terms-of-use');
  await expect(page.getByText('Last updated Aug 1, 2025')).toBeVisible();
  await expect(page.locator('article h2')).toHaveText([
    '1. Use of the website',
    '2. Products and purchases',
    '3. Intellectual property',
    '4. Account security',
    '5. Third-party links',
    '6. Disclaimer of warranties',
    '7. Limitation of liability',
    '8. Termination',
    '9. Changes to these terms',
    '10. Governing law',
    '11. Contact',
  ]);
  await expect(page.locator('article')).toContainText(
    'governed by the laws of the State of Washington',
  );
  const email = shopEmail();
  await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
});

test('the photo license gives its terms', async ({ page }) => {
  await page.goto('/photolicensing');
  const text = (await page.locator('article').textContent())!.replace(/\s+/g, ' ');
  for (const term of [
    'for free for personal, non-commercial purposes',
    'non-exclusive, worldwide, perpetual license',
    'You may not resell',
    'You may not extract parts of a photo',
    'keeping your own copy',
    'ends automatically if you break its terms',
  ]) {
    expect(text).toContain(term);
  }
});

test('the about page has its attributions', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { name: 'Attributions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Astro' })).toHaveAttribute(
    'href',
    'https://astro.build/',
  );
});

test.describe('the blog', () => {
  const slugs = new Map(catalogue.map((product) => [seedProductId(product.slug), product.slug]));

  test('lists both articles, newest first', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'What to Get the Person Who Has Everything',
      'Practical Gifts: Presents They Will Use Every Day',
    ]);
    await page.getByRole('link', { name: 'What to Get the Person Who Has Everything' }).click();
    await expect(page).toHaveURL(/\/blog\/what-to-get-the-person-who-has-everything$/);
  });

  for (const slug of ['what-to-get-the-person-who-has-everything', 'practical-gifts']) {
    test(`${slug} links to real seeded products and to outside sites`, async ({ page }) => {
      await page.goto(`/blog/${slug}`);
      const hero = page.locator('article img').first();
      await expect(hero).toHaveAttribute('alt', /\S/);
      await expect
        .poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);

      const productLinks = await page
        .locator('article a[href^="/productdetailpage/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(productLinks.length).toBeGreaterThanOrEqual(5);
      for (const href of productLinks) {
        const id = href.split('/').pop()!;
        expect(slugs.has(id), `${href} is a seeded product`).toBe(true);
      }
      await expect(page.getByRole('heading', { name: 'Gifts in this article' })).toBeVisible();

      const outside = await page
        .locator('article a[href^="https://"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(outside.length).toBeGreaterThanOrEqual(2);
    });
  }

  test('marks the affiliate book link as sponsored', async ({ page }) => {
    await page.goto('/blog/what-to-get-the-person-who-has-everything');
    const book = page.locator('a[href^="https://bookshop.org/"]');
    await expect(book).toHaveCount(1);
    await expect(book).toHaveAttribute('rel', 'sponsored noopener');
    await expect(book).toContainText('The Hidden Life of Trees');
    await expect(page.locator('article.article')).toContainText('We earn a small commission');
  });

  test('shows an article’s topics, each with its page, and ends with related articles', async ({
    page,
  }) => {
    await page.goto('/blog/practical-gifts');
    const related = page.getByRole('region', { name: 'More gift ideas' });
    await expect(
      related.getByRole('heading', { name: 'What to Get the Person Who Has Everything' }),
    ).toBeVisible();
    await page
      .getByRole('list', { name: 'Topics' })
      .getByRole('link', { name: 'For pets' })
      .click();
    await expect(page).toHaveURL(/\/blog\/topics\/for-pets$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('For pets');
    await expect(page.getByRole('heading', { level: 2, name: /Practical Gifts/ })).toBeVisible();
  });

  test('has an RSS feed of every article', async ({ request }) => {
    const response = await request.get('/rss.xml');
    expect(response.status()).toBe(200);
    const feed = await response.text();
    expect(feed).toContain('<title>What to Get the Person Who Has Everything</title>');
    expect(feed).toContain('<title>Practical Gifts: Presents They Will Use Every Day</title>');
    expect(feed).toMatch(/<link>[^<]*\/blog\/practical-gifts<\/link>/);
  });
});

test('a draft article is never served by the production shop: its page, the blog, the home page, RSS, sitemap', async ({
  request,
}) => {
  // content/blog/gifts-for-a-new-home.mdx is marked `draft: true` (docs/editing.md).
  expect((await request.get('/blog/gifts-for-a-new-home')).status()).toBe(404);
  for (const path of ['/blog', '/', '/rss.xml', '/sitemap.xml', '/blog/topics/for-the-kitchen']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    const text = await answer.text();
    expect(text, path).not.toContain('gifts-for-a-new-home');
    expect(text, path).not.toContain('Gifts for a New Home');
  }
});

test('sitemap.xml lists the pages, the articles, the listings and every product, and robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const paths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  const site = paths.filter(
    (path) => !path.startsWith('/products/') && !path.startsWith('/productdetailpage/'),
  );
  expect(site.sort()).toEqual(CONTENT_ROUTES.map((route) => route.path).sort());
  const { products } = (await (await request.get('/api/product/search?q=&page=1')).json()) as {
    pagination: { pages: number };
    products: { _id: string }[];
  };
  for (const product of products) expect(paths).toContain(`/productdetailpage/${product._id}`);
  expect(paths.filter((path) => path.startsWith('/productdetailpage/')).length).toBe(71);
  expect(paths).toContain('/products/Gift%20Collection/Under%20$30');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
});

test('an unknown address answers 404 with a page that helps the shopper on', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const search = page.getByRole('searchbox', { name: 'Search the shop' });
  await search.fill('orca');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=orca$/);
  await page.goBack();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home page' })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'write to us' })).toHaveAttribute(
    'href',
    '/contactus',
  );
});
