/** The pages of the shell issue: every one is checked for rendering, SEO tags and accessibility. */
export const CONTENT_ROUTES = [
  { path: '/', heading: 'Gifts from the Pacific Northwest' },
  { path: '/about-us', heading: 'About Us' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  { path: '/return-policy', heading: 'Return Policy' },
  { path: '/photolicensing', heading: 'Photo License' },
  { path: '/contactus', heading: 'Contact Us' },
  { path: '/blog', heading: 'Gift ideas' },
  {
    path: '/blog/what-to-get-the-person-who-has-everything',
    heading: 'What to Get the Person Who Has Everything',
  },
  { path: '/blog/practical-gifts', heading: 'Practical Gifts: Presents They Will Use Every Day' },
] as const;
