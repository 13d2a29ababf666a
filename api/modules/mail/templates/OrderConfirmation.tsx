import { DOWNLOAD_TERMS } from '../../../../core/downloads/model';
import { ORDER_STATUS_TEXT } from '../../../../core/orders/order-status';
import {
  ActionLink,
  EmailLayout,
  Lines,
  Note,
  Paragraph,
  SectionTitle,
  TextLink,
  Title,
} from './EmailLayout';
import { formatCents } from '../../../../core/money';
import { ARRIVAL_EMAIL_COUNTING, ARRIVAL_LINES } from '../../../../core/arrival-lines';
import type { OrderEmailData } from './order-data';
import {
  addressLines,
  GiftSection,
  giftCardsOnly,
  OrderTable,
  paymentLines,
  recipientLine,
} from './OrderParts';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';

interface Props {
  data: OrderEmailData;
  shop: ShopDetails;
}

/**
 * What happens next: gift cards are emailed on their days, downloads are ready, a parcel arrives
 * in the window promised when the order was placed (issue 41), stored with the order.
 */
function WhatNext({
  order,
  onlyCards,
  onlyDownloads,
}: {
  order: OrderEmailData['order'];
  onlyCards: boolean;
  onlyDownloads: boolean;
}) {
  if (onlyCards) {
    return (
      <Paragraph>
        Nothing ships: each gift card is emailed to its recipient on the day you chose.
      </Paragraph>
    );
  }
  if (onlyDownloads) {
    return (
      <Paragraph>Nothing ships: your photos are ready to download with the links above.</Paragraph>
    );
  }
  if (order.promisedEarliest && order.promisedLatest) {
    const promised = { earliest: order.promisedEarliest, latest: order.promisedLatest };
    return (
      <Paragraph>{`${ARRIVAL_LINES.promised(promised)}. ${ARRIVAL_EMAIL_COUNTING}`}</Paragraph>
    );
  }
  return (
    <Paragraph>
      We process orders in 1-2 business days and shipping takes 5-7 days, so your parcel should
      arrive in about 2 weeks.
    </Paragraph>
  );
}

/** The shopper's confirmation: order number, items, totals, card, shipping address, what next. */
export function OrderConfirmation({ data, shop }: Props) {
  const { order } = data;
  const paid = paymentLines(data.payments);
  // Every line a download: there is no parcel to wait for.
  const onlyDownloads =
    data.items.length > 0 && (data.downloads?.length ?? 0) === data.items.length;
  // Gift cards only: emailed on their days, no parcel, nothing to return (issue 39 point 2).
  const onlyCards = giftCardsOnly(data.items);
  return (
    <EmailLayout
      shop={shop}
      preview={`Order ${order.number} is confirmed: ${formatCents(order.totalCents)}`}
    >
      <Title>Thank you for your order</Title>
      <Paragraph>{`Hello ${order.firstname},`}</Paragraph>
      <Paragraph>
        {`We have your order and are getting it ready. Order number: ${order.number}`}
      </Paragraph>
      {data.statusUrl && (
        <>
          <ActionLink href={data.statusUrl}>{ORDER_STATUS_TEXT.viewOrder}</ActionLink>
          <Note>Its status, tracking and downloads, any time, with no account needed.</Note>
        </>
      )}
      <Paragraph>
        {'Lost this email? '}
        <TextLink href={`${shop.siteUrl}/orderstatus`}>Find your order</TextLink>
        {` with its number (#${order.number}) and this email address.`}
      </Paragraph>
      {data.downloads && data.downloads.length > 0 && (
        <>
          <SectionTitle>Your downloads</SectionTitle>
          {data.downloads.map((link) => (
            <ActionLink key={link.itemId} href={link.url}>
              {`Download ${link.title}`}
            </ActionLink>
          ))}
          <Note>
            {`${DOWNLOAD_TERMS} Need a fresh link? Ask for one at `}
            <TextLink
              href={`${shop.siteUrl}/download/request`}
            >{`${shop.siteUrl}/download/request`}</TextLink>
            .
          </Note>
        </>
      )}
      <SectionTitle>What you bought</SectionTitle>
      <OrderTable data={data} />
      {!onlyCards && <Note>Shipping is included in the prices.</Note>}
      {paid.length > 0 && (
        <>
          <Paragraph>Paid with:</Paragraph>
          <Lines lines={paid} />
        </>
      )}
      {order.shippingAddress && (
        <>
          <SectionTitle>Shipping to</SectionTitle>
          <Lines lines={[recipientLine(order), ...addressLines(order.shippingAddress)]} />
        </>
      )}
      <GiftSection order={order} />
      <WhatNext order={order} onlyCards={onlyCards} onlyDownloads={onlyDownloads} />
      {!onlyCards && (
        <Paragraph>
          {'Returns are accepted within 14 days of delivery: see our '}
          <TextLink href={`${shop.siteUrl}/return-policy`}>Return Policy</TextLink>.
        </Paragraph>
      )}
    </EmailLayout>
  );
}

export function orderConfirmationEmail(
  data: OrderEmailData,
  shop: ShopDetails,
): Promise<RenderedEmail> {
  return renderEmail(<OrderConfirmation data={data} shop={shop} />, {
    subject: `Your ${shop.siteName} order ${data.order.number} is confirmed`,
  });
}
