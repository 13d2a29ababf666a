import { DOWNLOAD_MESSAGES } from '../../../core/downloads/model';
import { OrderLookupForm } from '../shared/OrderLookupForm';

interface Props {
  /** Filled in where the order is known (the confirmation page). */
  orderNumber?: number | undefined;
  email?: string | undefined;
}

/**
 * Asks for fresh download links by order number and email: the links go to the order's email
 * address, and the answer is the same whether or not the order matched.
 */
export default function FreshLinkForm({ orderNumber, email }: Props) {
  return (
    <OrderLookupForm
      path="/downloads/request"
      name="Ask for a fresh download link"
      submitLabel="Email me a fresh link"
      doneText={DOWNLOAD_MESSAGES.requested}
      failedText={DOWNLOAD_MESSAGES.failed}
      orderNumber={orderNumber}
      email={email}
    />
  );
}
