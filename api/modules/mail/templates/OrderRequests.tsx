import { EmailLayout, Lines, Paragraph, Quoted, SectionTitle, Title } from './EmailLayout';
import { formatCents } from '../../../../core/money';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';

export interface CanceledOrderData {
  number: number;
  firstname: string;
  totalCents: number;
  items: { title: string; variantTitle: string | null; quantity: number }[];
}

/** To the customer: their order is canceled and its full payment refunded. */
export function OrderCanceled({ order, shop }: { order: CanceledOrderData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Order ${order.number} is canceled`}>
      <Title>{`Order ${order.number} is canceled`}</Title>
      <Paragraph>
        {`Hello ${order.firstname}, your order ${order.number} is canceled as you asked. We refunded the full ${formatCents(order.totalCents)} to your card; your bank shows it within 5-7 business days.`}
      </Paragraph>
      <SectionTitle>Canceled items</SectionTitle>
      <Lines
        lines={order.items.map(
          (item) =>
            `${item.quantity} × ${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
        )}
      />
    </EmailLayout>
  );
}

export function orderCanceledEmail(
  order: CanceledOrderData,
  shop: ShopDetails,
): Promise<RenderedEmail> {
  return renderEmail(<OrderCanceled order={order} shop={shop} />, {
    subject: `Your order ${order.number} is canceled`,
  });
}

export interface OrderRequestData {
  kind: 'issue' | 'return';
  number: number;
  customerEmail: string;
  customerName: string;
  message: string;
  /** For a return: the lines to come back. */
  items?: { title: string; variantTitle: string | null; quantity: number }[];
}

/**
 * To the shop: a customer's issue report on a shipped order, or a return request on a delivered
 * one. Reply-to is the customer (set by the caller); the message is quoted.
 */
export function OrderRequest({ request, shop }: { request: OrderRequestData; shop: ShopDetails }) {
  const what = request.kind === 'issue' ? 'Issue report' : 'Return request';
  return (
    <EmailLayout shop={shop} preview={`${what} on order ${request.number}`}>
      <Title>{`${what} on order ${request.number}`}</Title>
      <Lines
        lines={[
          `Customer: ${request.customerName} <${request.customerEmail}>`,
          `Order number: ${request.number}`,
        ]}
      />
      {request.items && request.items.length > 0 ? (
        <>
          <SectionTitle>Items to return</SectionTitle>
          <Lines
            lines={request.items.map(
              (item) =>
                `${item.quantity} × ${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
            )}
          />
        </>
      ) : null}
      <SectionTitle>Message</SectionTitle>
      <Quoted text={request.message} />
    </EmailLayout>
  );
}

export function orderRequestEmail(
  request: OrderRequestData,
  shop: ShopDetails,
): Promise<RenderedEmail> {
  const what = request.kind === 'issue' ? 'Issue report' : 'Return request';
  return renderEmail(<OrderRequest request={request} shop={shop} />, {
    subject: `${what}: order ${request.number}`,
  });
}
