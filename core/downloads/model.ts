import { z } from 'zod';

/** DECISIONS (Digital products are delivered): a link serves 5 downloads within 7 days. */
export const DOWNLOAD_VALID_DAYS = 7;
export const DOWNLOAD_MAX_USES = 5;
/**
 * An order's links are made anew on request (a guest's email, a customer's button) at most this
 * many times, so its 5 downloads and 7 days stay a limit (issue 22).
 */
export const DOWNLOAD_MAX_REISSUES = 3;

/** What a download link promises, said the same on the confirmation page, the email and the pages. */
export const DOWNLOAD_TERMS = `Each link works for ${DOWNLOAD_VALID_DAYS} days and for ${DOWNLOAD_MAX_USES} downloads. Keep your own copy of the file.`;

export const DOWNLOAD_MESSAGES = {
  requested:
    'If that order has photo downloads, we have emailed fresh links to the address it was placed with. The older links for it no longer work.',
  tooMany: 'Too many requests for download links. Please try again later.',
  orderNumber: 'Please enter your order number.',
  email: 'Please enter the email address you used for the order.',
  notFound: 'Order not found.',
  failed: 'Your request could not be sent. Please check your connection and try again.',
  reissueFailed: 'A fresh link could not be made. Please try again.',
  reissueLimit: `This order's download links have already been reissued ${DOWNLOAD_MAX_REISSUES} times, the most we allow. Please contact us if you still need your photos.`,
} as const;

/** Why a download link no longer serves its file: each has its own page, /download/<reason>. */
export const DOWNLOAD_REFUSALS = {
  expired: {
    title: 'This download link has expired',
    text: `Download links work for ${DOWNLOAD_VALID_DAYS} days after they are sent.`,
  },
  'used-up': {
    title: 'This download link has been used up',
    text: `Each download link works for ${DOWNLOAD_MAX_USES} downloads, and this one has served them all.`,
  },
  replaced: {
    title: 'This download link was replaced',
    // Made on the orders page or emailed: either way no mail need have been sent (issue 39).
    text: 'A newer link was made for this photo since, and only the newest link works.',
  },
  unpaid: {
    title: 'This download is not available',
    text: 'The order this link belongs to is not paid, or was canceled and refunded.',
  },
  invalid: {
    title: 'This download link is not valid',
    text: 'The link may have been copied only in part. Please use the whole link from your email.',
  },
} as const;
export type DownloadRefusal = keyof typeof DOWNLOAD_REFUSALS;
export const DOWNLOAD_REFUSAL_REASONS = Object.keys(DOWNLOAD_REFUSALS) as DownloadRefusal[];

/** A guest's request for fresh links: the order's number and the email it was placed with. */
export const freshLinksRequestSchema = z.object({
  // "#1001" as the emails write it, or "1001" (issue 39 point 4).
  orderNumber: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/^#\s*/, '') : value),
    z.coerce
      .number({ error: DOWNLOAD_MESSAGES.orderNumber })
      .int(DOWNLOAD_MESSAGES.orderNumber)
      .min(1, DOWNLOAD_MESSAGES.orderNumber)
      .max(2_147_483_647, DOWNLOAD_MESSAGES.orderNumber),
  ),
  email: z
    .string({ error: DOWNLOAD_MESSAGES.email })
    .trim()
    .min(1, DOWNLOAD_MESSAGES.email)
    .max(254, DOWNLOAD_MESSAGES.email)
    .pipe(z.email({ error: DOWNLOAD_MESSAGES.email })),
});
export type FreshLinksRequest = z.output<typeof freshLinksRequestSchema>;

/** A signed-in customer's request for a fresh link to one line of their own order. */
export const reissueBody = z.object({
  orderId: z.uuid({ error: DOWNLOAD_MESSAGES.notFound }),
  itemId: z.uuid({ error: DOWNLOAD_MESSAGES.notFound }),
});

/** A working link to one paid digital line, as the confirmation page and the orders page show it. */
export interface DownloadLink {
  itemId: string;
  title: string;
  url: string;
  expiresAt: string;
  usesLeft: number;
}

/** A paid digital line of the customer's orders (the link itself is only ever shown when made). */
export interface DownloadLine {
  orderId: string;
  itemId: string;
  title: string;
  /** The newest link's state; null when none was made. */
  expiresAt: string | null;
  usesLeft: number;
}
