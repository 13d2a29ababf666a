import { refundSentence } from './CancelEmails';
import { EmailLayout, Lines, Paragraph, Quoted, SectionTitle, Title } from './EmailLayout';
import { itemLines } from './format';
import { renderEmail, type RenderedEmail } from './render';
import type { ShopDetails } from './shop';
import type { OrderEmailData } from './order-data';
import { RefundedTo } from './OrderParts';

export interface CanceledOrderData {
  number: number;
  firstname: string;
  totalCents: number;
  /** The part a gift card paid, returned to it first (issue 26). */
  giftCardCents?: number;
  /** Not refunded: a gift card the order bought had already paid for it (issue 35). */
  keptBackCents?: number;
  items: { title: string; variantTitle: string | null; quantity: number }[];
  /** What went back to each instrument (issue 35). */
  refundedTo?: OrderEmailData['payments'];
}

/** To the customer: their order is canceled and its full payment refunded. */
export function OrderCanceled({ order, shop }: { order: CanceledOrderData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Order ${order.number} is canceled`}>
      <Title>{`Order ${order.number} is canceled`}</Title>
      <Paragraph>
        {`Hello ${order.firstname}, your order ${order.number} is canceled as you asked. ${refundSentence(order)}`}
      </Paragraph>
      <SectionTitle>Canceled items</SectionTitle>
      <Lines lines={itemLines(order.items)} />
      <RefundedTo parts={order.refundedTo} />
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
  /** The customer's first name, for the acknowledgement they get. */
  firstname?: string;
  /** For a return: the lines to come back. */
  items?: { title: string; variantTitle: string | null; quantity: number }[];
}

/** The lines a return sends back, under their title; nothing when there are none. */
function ReturnItems({ items }: { items: OrderRequestData['items'] }) {
  if (!items || items.length === 0) return null;
  return (
    <>
      <SectionTitle>Items to return</SectionTitle>
      <Lines lines={itemLines(items)} />
    </>
  );
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
      <ReturnItems items={request.items} />
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

/** To the customer: the shop has their issue report or return request, and what happens next. */
export function RequestReceived({
  request,
  shop,
}: {
  request: OrderRequestData;
  shop: ShopDetails;
}) {
  const what = request.kind === 'issue' ? 'report' : 'return request';
  const hello = request.firstname ? `Hello ${request.firstname}, w` : 'W';
  return (
    <EmailLayout shop={shop} preview={`We have your ${what} on order ${request.number}`}>
      <Title>{`We have your ${what} on order ${request.number}`}</Title>
      <Paragraph>
        {request.kind === 'issue'
          ? `${hello}e have your report and will answer by email within 2 business days.`
          : `${hello}e have your return request and will email you once we have looked at it. Please do not send anything back until we have approved it: the approval email says where to send the parcel.`}
      </Paragraph>
      <ReturnItems items={request.items} />
      <SectionTitle>{request.kind === 'issue' ? 'Your report' : 'Your reason'}</SectionTitle>
      <Quoted text={request.message} />
    </EmailLayout>
  );
}

export function requestReceivedEmail(
  request: OrderRequestData,
  shop: ShopDetails,
): Promise<RenderedEmail> {
  const what = request.kind === 'issue' ? 'report' : 'return request';
  return renderEmail(<RequestReceived request={request} shop={shop} />, {
    subject: `We have your ${what} on order ${request.number}`,
  });
}
