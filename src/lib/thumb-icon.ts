/** The thumb icon of ratings (up; turned over for down): the product card's and the product page's. */
export const THUMB_SVG = {
  viewBox: '0 0 24 24',
  width: '20',
  height: '20',
  'aria-hidden': 'true',
  focusable: 'false',
} as const;

export const THUMB_PATH =
  'M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.5-1.1L13.2 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z';
