import {
  ActionLink,
  EmailLayout,
  Lines,
  Paragraph,
  TextLink,
  Title,
} from '../mail/templates/EmailLayout';
import { renderEmail, type RenderedEmail } from '../mail/templates/render';
import type { ShopDetails } from '../mail/templates/shop';

export interface ShippedEmailData {
  number: number;
  firstname: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
}

/** To the customer when the shop marks an order shipped: the carrier and the tracking link. */
export function OrderShipped({ data, shop }: { data: ShippedEmailData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Order ${data.number} is on its way`}>
      <Title>{`Order ${data.number} is on its way`}</Title>
      <Paragraph>{`Hello ${data.firstname}, your order has been shipped.`}</Paragraph>
      <Lines lines={[`Carrier: ${data.carrier}`, `Tracking number: ${data.trackingNumber}`]} />
      <ActionLink href={data.trackingUrl}>Track your parcel</ActionLink>
      <Paragraph>
        {'You can also follow it under your '}
        <TextLink href={`${shop.siteUrl}/orders`}>orders</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}

export const orderShippedEmail = (
  data: ShippedEmailData,
  shop: ShopDetails,
): Promise<RenderedEmail> =>
  renderEmail(<OrderShipped data={data} shop={shop} />, {
    subject: `Order ${data.number} has shipped`,
  });
