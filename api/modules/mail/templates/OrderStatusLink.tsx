import { ORDER_STATUS_TEXT } from '../../../../core/orders/order-status';
import { ActionLink, EmailLayout, Note, Paragraph, Title } from './EmailLayout';
import { emailOf } from './render';
import type { ShopDetails } from './shop';

export interface OrderStatusLinkData {
  number: number;
  firstname: string;
  url: string;
}

/** To a guest who asked with the order-status form: the signed link to their order. */
export function OrderStatusLink({ data, shop }: { data: OrderStatusLinkData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Your link to order ${data.number}`}>
      <Title>{`Your order ${data.number}`}</Title>
      <Paragraph>
        {`Hello ${data.firstname}, here is the link to your order: its status, tracking, downloads, and a cancel, report or return where the order allows one.`}
      </Paragraph>
      <ActionLink href={data.url}>{ORDER_STATUS_TEXT.viewOrder}</ActionLink>
      <Note>
        Anyone with this link can see the order, so keep the email to yourself. If you did not ask
        for it, you can ignore it.
      </Note>
    </EmailLayout>
  );
}

export const orderStatusLinkEmail = emailOf(
  OrderStatusLink,
  (data) => `Your link to order ${data.number}`,
);
