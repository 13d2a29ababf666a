import { GIFT_CARD_TEXTS } from '../../../../core/gift-cards/model';
import {
  EmailLayout,
  Lines,
  Paragraph,
  Quoted,
  SectionTitle,
  TextLink,
  Title,
} from './EmailLayout';
import { formatCents } from '../../../../core/money';
import { itemLines } from './format';
import { emailOf, renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';
import type { OrderEmailData } from './order-data';
import { RefundedTo } from './OrderParts';

export interface ReturnEmailData {
  number: number;
  firstname: string;
  items: { title: string; variantTitle: string | null; quantity: number }[];
}

/** To the customer when the shop approves their return: what to send back and how. */
export function ReturnApproved({ data, shop }: { data: ReturnEmailData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Your return for order ${data.number} is approved`}>
      <Title>{`Your return for order ${data.number} is approved`}</Title>
      <Paragraph>
        {`Hello ${data.firstname}, we approved your return. Here is how to send the items back:`}
      </Paragraph>
      <Lines
        lines={[
          '1. Pack the items unused, in their original packaging (clothing unworn, unwashed, tags attached).',
          `2. Put a note in the parcel with your order number, ${data.number}.`,
          shop.returnAddress
            ? '3. Send the parcel to the address below, with a tracked service, and keep the receipt.'
            : '3. Reply to this email before you send it, and we will answer with the return address.',
        ]}
      />
      {shop.returnAddress && (
        <>
          <SectionTitle>Send the parcel to</SectionTitle>
          <Lines lines={shop.returnAddress.split(/\s*\n\s*/)} />
        </>
      )}
      {data.items.length > 0 && (
        <>
          <SectionTitle>Items to return</SectionTitle>
          <Lines lines={itemLines(data.items)} />
        </>
      )}
      <Paragraph>
        {
          'Once we receive the parcel we refund you within 5-7 business days and confirm it by email. See our '
        }
        <TextLink href={`${shop.siteUrl}/return-policy`}>return policy</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}

export const returnApprovedEmail = emailOf(
  ReturnApproved,
  (data) => `Return instructions for order ${data.number}`,
);

/** To the customer when the shop declines their return, with the reason. */
export function ReturnDeclined({
  data,
  reason,
  shop,
}: {
  data: ReturnEmailData;
  reason: string;
  shop: ShopDetails;
}) {
  return (
    <EmailLayout shop={shop} preview={`About your return for order ${data.number}`}>
      <Title>{`About your return for order ${data.number}`}</Title>
      <Paragraph>
        {`Hello ${data.firstname}, we are sorry: we cannot accept this return. Our reason:`}
      </Paragraph>
      <Quoted text={reason} />
      <Paragraph>
        {'If you have a question, reply to this email. See our '}
        <TextLink href={`${shop.siteUrl}/return-policy`}>return policy</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}

export const returnDeclinedEmail = (
  data: ReturnEmailData,
  reason: string,
  shop: ShopDetails,
): Promise<RenderedEmail> =>
  renderEmail(<ReturnDeclined data={data} reason={reason} shop={shop} />, {
    subject: `Your return for order ${data.number} was declined`,
  });

/** To the customer when the shop received their return and refunded part of the order. */
export function ReturnRefunded({
  data,
  amountCents,
  shop,
  giftCardCents = 0,
  refundedTo,
}: {
  data: ReturnEmailData;
  amountCents: number;
  shop: ShopDetails;
  /** The part returned to gift cards first (issue 26). */
  giftCardCents?: number;
  /** What went back to each instrument (issue 35). */
  refundedTo?: OrderEmailData['payments'];
}) {
  return (
    <EmailLayout shop={shop} preview={`We refunded ${formatCents(amountCents)}`}>
      <Title>{`We refunded ${formatCents(amountCents)} for order ${data.number}`}</Title>
      <Paragraph>
        {giftCardCents
          ? `Hello ${data.firstname}, we received your return. ${GIFT_CARD_TEXTS.refundSplit(formatCents(giftCardCents), formatCents(amountCents - giftCardCents))}`
          : `Hello ${data.firstname}, we received your return and refunded ${formatCents(amountCents)} to the card you paid with; your bank shows it within 5-7 business days.`}
      </Paragraph>
      <SectionTitle>Refunded items</SectionTitle>
      <Lines lines={itemLines(data.items)} />
      <RefundedTo parts={refundedTo} />
    </EmailLayout>
  );
}

export const returnRefundedEmail = (
  data: ReturnEmailData,
  amountCents: number,
  shop: ShopDetails,
  giftCardCents = 0,
  refundedTo?: OrderEmailData['payments'],
): Promise<RenderedEmail> =>
  renderEmail(
    <ReturnRefunded
      data={data}
      amountCents={amountCents}
      shop={shop}
      giftCardCents={giftCardCents}
      refundedTo={refundedTo}
    />,
    {
      subject: `Refund for order ${data.number}`,
    },
  );
