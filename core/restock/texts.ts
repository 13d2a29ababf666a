/* Back-in-stock requests (issue 27): every sentence a shopper reads, once. No schema library here,
   so the product page's form stays small. */

export const RESTOCK_TEXT = {
  button: "Email me when it's back",
  emailLabel: 'Email',
  intro: 'Sold out for now. Leave your email and we will write once when it is back.',
  optionIntro: (option: string) =>
    `${option} is sold out for now. Leave your email and we will write once when it is back.`,
  choiceIntro:
    'Some choices are sold out for now. Pick one and we will write once when it is back.',
  choiceLabel: 'Sold-out choice',
  sending: 'Sending…',
  /** The form's answer: the address must confirm first (issue 36). */
  confirmed:
    "Thanks. We've sent you a confirmation email: open its link and we'll email you once when it's back in stock.",
  inStock: 'It is in stock now: no need to wait.',
  notOffered: 'This item cannot be waited for.',
  tooMany: 'Too many requests from here. Please try again later.',
  failed: 'We could not save that. Please try again.',
  privacy: 'We keep your address only for this and remove it after the email, or after 180 days.',
  stopped: 'You will not get an email about this item.',
  stopInvalid: 'This link is not valid. Nothing was changed.',
  /** The confirmation link's page: it shows what will be confirmed; only its button confirms. */
  confirmAsk: (email: string, item: string) => `Email ${email} once when ${item} is back in stock?`,
  confirmButton: 'Yes, email me when it is back',
  confirmNoScript: 'Confirming needs JavaScript turned on.',
  confirmDone: "Confirmed. We'll email you once when it's back in stock.",
  confirmGone:
    'This request is no longer waiting (it was stopped or has expired). Ask again on the product page.',
} as const;

/** Requests older than this are removed by housekeeping (and the privacy policy says so). */
export const RESTOCK_KEEP_DAYS = 180;
