import { EmailLayout, Lines, Paragraph, SectionTitle, Title } from './EmailLayout';
import { formatCents } from '../../../../core/money';
import type { OrderEmailData } from './order-data';
import { addressLines, GiftSection, OrderTable, paymentLines, recipientLine } from './OrderParts';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';

interface Props {
  data: OrderEmailData;
  shop: ShopDetails;
}

/** The shop's notice of a new order: who ordered, what, the payment, where it goes. */
export function NewOrder({ data, shop }: Props) {
  const { order } = data;
  const name = `${order.firstname} ${order.lastname}`;
  const paid = paymentLines(data.payments).join('; ');
  return (
    <EmailLayout shop={shop} preview={`${name} ordered for ${formatCents(order.totalCents)}`}>
      <Title>{`New order ${order.number}`}</Title>
      <Lines
        lines={[
          `Customer: ${name}${order.isGuest ? ' (guest)' : ''}`,
          `Email: ${order.email}`,
          `Order id: ${order.id}`,
        ]}
      />
      <OrderTable data={data} />
      <Paragraph>{`Payment: ${order.paymentStatus}${paid ? `, ${paid}` : ''}`}</Paragraph>
      {order.shippingAddress ? (
        <>
          <SectionTitle>Ship to</SectionTitle>
          <Lines lines={[recipientLine(order), ...addressLines(order.shippingAddress)]} />
          <GiftSection order={order} />
        </>
      ) : (
        <Paragraph>Digital items only: nothing to ship.</Paragraph>
      )}
    </EmailLayout>
  );
}

export function newOrderEmail(data: OrderEmailData, shop: ShopDetails): Promise<RenderedEmail> {
  return renderEmail(<NewOrder data={data} shop={shop} />, {
    subject: `New order ${data.order.number}: ${formatCents(data.order.totalCents)}`,
  });
}
