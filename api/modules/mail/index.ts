/**
 * Mail (issue 37 point 1): what other modules may use. A module queues an email with
 * `enqueueMail` in the transaction of the change it tells about (then `notifyMailQueued`), written
 * with the templates' kit (./templates); the worker sends the outbox through a transport.
 */
export * from './templates';
export {
  customerCanceledOrderEmail,
  shopCanceledOrderEmail,
  type CanceledOrderSummary,
} from './templates/CancelEmails';
export { keptBackEmail, paymentEndedEmail, type ClosedOrderData } from './templates/CloseEmails';
export { linesRefundedEmail } from './templates/RefundEmails';
export {
  returnApprovedEmail,
  returnDeclinedEmail,
  returnRefundedEmail,
  type ReturnEmailData,
} from './templates/ReturnEmails';
export { MAIL_KINDS, type MailKind } from './kinds';
export { enqueueMail, type OutgoingMail } from './outbox';
export { notifyMailQueued, onMailQueued } from './signal';
export { mailTransportFor, type MailTransport } from './transport';
export { createOutboxWorker, type OutboxWorker } from './worker';
