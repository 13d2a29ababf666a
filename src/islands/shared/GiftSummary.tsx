import { GIFT_TEXT, type GiftDto } from '../../../core/orders/gift';

interface Props {
  gift: GiftDto;
  /** The recipient's name on the parcel, when the page shows it here. */
  recipient?: string;
  /** The heading's id, for a section labelled by it. */
  id?: string;
  className?: string;
}

/**
 * A gift order's part (issue 26) wherever an order is shown: the "Gift" heading, the message as
 * written (line breaks kept: CSS pre-line, never HTML), whether prices are hidden and who is told.
 * The review step, the confirmation, the order history, the guest's status page, the back office.
 */
export function GiftSummary({ gift, recipient, id = 'gift-title', className }: Props) {
  return (
    <section className={className} aria-labelledby={id} data-testid="gift-summary">
      <h3 id={id}>{GIFT_TEXT.badge}</h3>
      {recipient && (
        <p>
          {GIFT_TEXT.recipient}: <strong>{recipient}</strong>
        </p>
      )}
      <p>{GIFT_TEXT.message}:</p>
      <blockquote style={{ whiteSpace: 'pre-line' }} data-testid="gift-message">
        {gift.message || GIFT_TEXT.noMessage}
      </blockquote>
      {gift.hidePrices && <p>{GIFT_TEXT.pricesHidden}</p>}
      {gift.recipientEmail && <p>{GIFT_TEXT.recipientEmailShown(gift.recipientEmail)}</p>}
    </section>
  );
}

/** "First Last" of a shipping address's recipient, or '' when it carries no name. */
export const recipientOf = (address: { firstname?: string; lastname?: string } | null) =>
  address ? [address.firstname, address.lastname].filter(Boolean).join(' ') : '';
