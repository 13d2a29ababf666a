/**
 * Every kind of email the shop sends, with who gets it and why (issue 37 point 7). An outbox row's
 * `kind` is one of these: a new email is added here first (docs/recipes/email.md), and the type
 * checker refuses a kind spelled anywhere else. Tests and the back office's order page read rows
 * by these names.
 */
export const MAIL_KINDS = {
  'auth.verify-email': 'a new account: the link that verifies its address',
  'auth.reset-password': 'the link that sets a new password',
  'auth.account-exists': 'someone registered with an address that already has an account',
  'auth.password-changed': "a customer's password was changed",
  'contact.received': 'a message from the contact form, to the shop',
  'order.received': 'a new paid order, to the shop',
  'order.confirmed': 'the order confirmation, to the buyer',
  'order.status-link': "a guest's signed link to their order",
  'order.shipped': 'the parcel is on its way, to the buyer',
  'order.gift-shipped': 'a gift is on its way, to its recipient',
  'order.delivered': 'the parcel was delivered and the last day to start a return, to the buyer',
  'order.canceled': 'the order was canceled and what was returned, to the buyer',
  'order.canceled.shop': 'an order was canceled and what was kept back, to the shop',
  'order.refunded': 'the owner refunded items of the order, and how much, to the buyer',
  'order.issue': "a customer's report of a problem with an order, to the shop",
  'order.issue-received': 'the report was received, to the customer',
  'order.return': 'a return request, to the shop',
  'order.return-received': 'the return request was received, to the customer',
  'return.approved': 'the return was approved, with what to do, to the customer',
  'return.declined': 'the return was declined, with why, to the customer',
  'return.refunded': 'the returned items were refunded, to the customer',
  'giftcard.delivered': 'a gift card, its code sealed until sent, to its holder',
  'downloads.reissued': 'fresh download links, to the buyer',
  'downloads.reissue-limit': 'no more fresh links can be sent, to the buyer',
  'restock.requested': 'confirm a back-in-stock request, to the asker',
  'restock.back': 'the item is back in stock, to a confirmed asker',
  'stock.low-digest': "the day's low-stock list, to the shop",
  'inbox.reply': "the owner's reply to a message, to its sender",
} as const;

export type MailKind = keyof typeof MAIL_KINDS;
