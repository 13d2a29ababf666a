/**
 * The shop's emails and the kit to write more (see EmailLayout.tsx for how): each email is a React
 * component rendered by `renderEmail` into `{ subject, html, text }` for `enqueueMail`.
 */
export {
  AccountExists,
  accountExistsEmail,
  PasswordChanged,
  passwordChangedEmail,
  PasswordReset,
  passwordResetEmail,
  resetPasswordLink,
  VerifyEmail,
  verifyEmailEmail,
  verifyEmailLink,
} from './AccountEmails';
export { ContactMessage, contactMessageEmail } from './ContactMessage';
export {
  ActionLink,
  EmailLayout,
  Lines,
  Note,
  Paragraph,
  Quoted,
  SectionTitle,
  TextLink,
  Title,
} from './EmailLayout';
export { formatCents, formatRate } from '../../../../core/money';
export { noBreaks, oneLine, textLines } from './format';
export { NewOrder, newOrderEmail } from './NewOrder';
export { OrderConfirmation, orderConfirmationEmail } from './OrderConfirmation';
export type { OrderEmailData } from './order-data';
export { OrderStatusLink, orderStatusLinkEmail } from './OrderStatusLink';
export { emailOf, renderEmail, type RenderedEmail } from './render';
export { shopDetails, type ShopDetails } from './shop';
export {
  OrderCanceled,
  orderCanceledEmail,
  OrderRequest,
  orderRequestEmail,
  RequestReceived,
  requestReceivedEmail,
  type CanceledOrderData,
  type OrderRequestData,
} from './OrderRequests';
