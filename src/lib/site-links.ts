/** Links of the site shell: the footer, the full-screen menu and the shop's social profiles. */

export interface SiteLink {
  label: string;
  href: string;
}

/** Footer links (spec §2), then the blog and the photo licence. */
export const FOOTER_LINKS: SiteLink[] = [
  { label: 'About Us', href: '/about-us' },
  { label: 'FAQ', href: '/faq' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms of Use', href: '/terms-of-use' },
  { label: 'Return Policy', href: '/return-policy' },
  { label: 'Contact Us', href: '/contactus' },
  // Guests look an order up with its number and email (issue 39 point 4).
  { label: 'Find your order', href: '/orderstatus' },
  { label: 'Gift Ideas', href: '/blog' },
  { label: 'Photo License', href: '/photolicensing' },
];

/** The full-screen menu (spec §2): everyone, logged-in shoppers, signed-out shoppers. */
export const MENU_LINKS = {
  always: [
    { label: 'Home', href: '/' },
    { label: 'Cart', href: '/cart' },
  ],
  loggedIn: [
    { label: 'Account', href: '/account' },
    { label: 'Addresses', href: '/accountaddresses' },
    { label: 'Stored Payments', href: '/storedpayments' },
    { label: 'Orders', href: '/orders' },
  ],
  loggedOut: [
    { label: 'Login', href: '/login' },
    { label: 'Register', href: '/register' },
  ],
} satisfies Record<string, SiteLink[]>;

export const LOGOUT_LABEL = 'Logout';

/** The shop's two social profiles (spec §2 Contact). */
export const SOCIAL_LINKS: SiteLink[] = [
  { label: 'Instagram', href: 'https://www.instagram.com/evergreengiftshop/' },
  { label: 'Facebook', href: 'https://www.facebook.com/evergreengiftshop/' },
];
