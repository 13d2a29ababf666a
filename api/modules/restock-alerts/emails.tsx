import {
  ActionLink,
  EmailLayout,
  Note,
  Paragraph,
  TextLink,
  Title,
  emailOf,
  type ShopDetails,
} from '../mail';
import { RESTOCK_TEXT } from '../../../core/restock/texts';

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

export interface RestockConfirmData extends RestockEmailData {
  confirmUrl: string;
}

/**
 * Sent once when an address is first given (issue 36): nothing more is sent about the item until
 * the address opens the link, so a stranger's address typed in gets this one email only.
 */
export function RestockRequested({ data, shop }: { data: RestockConfirmData; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={`Confirm: email me when ${data.item} is back`}>
      <Title>{`Confirm: waiting for ${data.item}`}</Title>
      <Paragraph>
        {`Someone asked us to email this address once when ${data.item} is back in stock. Confirm it was you and we will write once when it is back, then forget your address. If it is not back within 180 days, we forget it then.`}
      </Paragraph>
      <ActionLink href={data.confirmUrl}>{RESTOCK_TEXT.confirmButton}</ActionLink>
      <Note>
        Did not ask for this? Ignore this email and we will send nothing more, or remove your
        address now: <TextLink href={data.stopUrl}>Stop waiting</TextLink>
      </Note>
    </EmailLayout>
  );
}

export const backInStockEmail = emailOf(BackInStock, (data) => `Back in stock: ${data.item}`);

export const restockRequestedEmail = emailOf(
  RestockRequested,
  (data) => `Please confirm: email me when ${data.item} is back`,
);
