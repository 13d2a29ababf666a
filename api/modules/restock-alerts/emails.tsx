import {
  ActionLink,
  EmailLayout,
  Note,
  Paragraph,
  TextLink,
  Title,
} from '../mail/templates/EmailLayout';
import { renderEmail, type RenderedEmail } from '../mail/templates/render';
import type { ShopDetails } from '../mail/templates/shop';

export interface RestockEmailData {
  /** The product's title, with the variant or option's when one was asked for. */
  item: string;
  productUrl: string;
  stopUrl: string;
}

interface Props {
  data: RestockEmailData;
  shop: ShopDetails;
}

/** Sent once when a waited-for item is back: its link, and nothing else to sell. */
export function BackInStock({ data, shop }: Props) {
  return (
    <EmailLayout shop={shop} preview={`${data.item} is back in stock`}>
      <Title>{`${data.item} is back`}</Title>
      <Paragraph>
        {`You asked us to tell you when ${data.item} was back in stock. It is, for now: stock is not held for anyone.`}
      </Paragraph>
      <ActionLink href={data.productUrl}>See it in the shop</ActionLink>
      <Note>
        This is the only email about it: your request has now been removed. Changed your mind before
        it arrived? <TextLink href={data.stopUrl}>Stop waiting</TextLink>
      </Note>
    </EmailLayout>
  );
}

/** Sent when a shopper first asks: what was asked for, and the one-click way out. */
export function RestockRequested({ data, shop }: Props) {
  return (
    <EmailLayout shop={shop} preview={`We will tell you when ${data.item} is back`}>
      <Title>{`Waiting for ${data.item}`}</Title>
      <Paragraph>
        {`We will email you once when ${data.item} is back in stock, and then forget your address. If it is not back within 180 days, we forget it then.`}
      </Paragraph>
      <ActionLink href={data.stopUrl}>Stop waiting</ActionLink>
      <Note>If you did not ask for this, the link above removes your address at once.</Note>
    </EmailLayout>
  );
}

export const backInStockEmail = (
  data: RestockEmailData,
  shop: ShopDetails,
): Promise<RenderedEmail> =>
  renderEmail(<BackInStock data={data} shop={shop} />, { subject: `Back in stock: ${data.item}` });

export const restockRequestedEmail = (
  data: RestockEmailData,
  shop: ShopDetails,
): Promise<RenderedEmail> =>
  renderEmail(<RestockRequested data={data} shop={shop} />, {
    subject: `We will tell you when ${data.item} is back`,
  });
