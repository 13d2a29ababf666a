import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from '../../core/contact/model';
import { longDate, numericDate } from '../../src/lib/dates';
import { FOOTER_LINKS, MENU_LINKS } from '../../src/lib/site-links';
import { COOKIE_NOTICE, CONTACT_TEXT, HOME_TEXT, NOTICE_BARS } from '../../core/site-messages';
import { searchHref } from '../../src/islands/shell/SearchBox';

describe('the texts the spec gives word for word', () => {
  it('notice bars, with their delays', () => {
    expect(NOTICE_BARS.map(({ text, delayMs }) => [text, delayMs])).toEqual([
      ['Prices include shipping — no surprises at checkout!', 2_000],
      [
        'We currently ship only to the continental United States (excludes Alaska + Hawaii)',
        10_000,
      ],
    ]);
  });

  it('the cookie notice', () => {
    expect(COOKIE_NOTICE.button).toBe('Got it');
    expect(COOKIE_NOTICE.text).toMatch(/only essential cookies/);
  });

  it('the home page', () => {
    expect(HOME_TEXT).toEqual({
      shopGifts: 'Shop Gifts',
      shopByCategory: 'Shop by Category',
      giftInspiration: 'Gift Inspiration',
      featuredProducts: 'Featured Products',
      loadingProducts: 'Loading products...',
      noFeaturedProducts: 'No featured products available.',
    });
  });

  it('the contact form', () => {
    expect(CONTACT_TEXT).toEqual({
      success: "Thanks for reaching out! We'll get back to you soon.",
      failure: 'There was a problem submitting the form.',
      networkError: 'Network error submitting the form.',
    });
    expect(CONTACT_SUBJECTS).toEqual([
      'Return an item',
      'Problem with order',
      'Issue with website',
      'Product idea',
      'Other',
    ]);
  });

  it('the menu and the footer', () => {
    expect(MENU_LINKS.always.map((link) => link.label)).toEqual(['Home', 'Cart']);
    expect(MENU_LINKS.loggedIn.map((link) => link.label)).toEqual([
      'Account',
      'Addresses',
      'Stored Payments',
      'Orders',
    ]);
    expect(MENU_LINKS.loggedOut.map((link) => link.label)).toEqual(['Login', 'Register']);
    expect(FOOTER_LINKS.slice(0, 6).map((link) => link.label)).toEqual([
      'About Us',
      'FAQ',
      'Privacy Policy',
      'Terms of Use',
      'Return Policy',
      'Contact Us',
    ]);
  });

  it('the policy dates', () => {
    const august1 = new Date('2025-08-01');
    expect(longDate(august1)).toBe('Aug 1, 2025');
    expect(numericDate(august1)).toBe('8/1/2025');
  });
});

describe('the search box', () => {
  it('searches the trimmed text, and nothing for blank text', () => {
    expect(searchHref('  cedar mug ')).toBe('/search?q=cedar%20mug');
    expect(searchHref('a&b=c')).toBe('/search?q=a%26b%3Dc');
    expect(searchHref('   ')).toBeNull();
    expect(searchHref('')).toBeNull();
  });
});
