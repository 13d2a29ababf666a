import {
  EmailLayout,
  Note,
  Paragraph,
  Quoted,
  renderEmail,
  TextLink,
  Title,
  type RenderedEmail,
  type ShopDetails,
} from '../mail';
import { formatCents } from '../../../core/money';
import { formatGiftCardCode, GIFT_CARD_TEXTS } from '../../../core/gift-cards/model';

export interface GiftCardEmailData {
  recipientName: string;
  buyerName: string;
  message: string;
  amountCents: number;
  code: string;
  /** A resent card: the last 4 of the code this one replaces, which no longer works (issue 39). */
  replacesLast4?: string | null | undefined;
}

/** The gift card itself, to its recipient on its delivery date: the only place its code is whole. */
export function GiftCardDelivered({ card, shop }: { card: GiftCardEmailData; shop: ShopDetails }) {
  const amount = formatCents(card.amountCents);
  return (
    <EmailLayout shop={shop} preview={`A ${amount} gift card from ${card.buyerName}`}>
      <Title>{`${card.buyerName} sent you a ${amount} ${shop.siteName} gift card`}</Title>
      <Paragraph>{`Hello ${card.recipientName},`}</Paragraph>
      {card.message ? <Quoted text={card.message} /> : null}
      <Paragraph>{`Your gift card code: ${formatGiftCardCode(card.code)}`}</Paragraph>
      {card.replacesLast4 ? (
        <Paragraph>
          {`This code replaces the one ending in ${card.replacesLast4} that we sent you before, which no longer works.`}
        </Paragraph>
      ) : null}
      <Paragraph>
        {'Spend it at '}
        <TextLink href={shop.siteUrl}>{shop.siteName}</TextLink>
        {`: enter it at checkout, on the payment step. Check its balance at any time: `}
        <TextLink
          href={`${shop.siteUrl}/giftcard/balance`}
        >{`${shop.siteUrl}/giftcard/balance`}</TextLink>
      </Paragraph>
      <Note>{`${GIFT_CARD_TEXTS.noExpiry} Keep this email: the code is not shown anywhere else.`}</Note>
    </EmailLayout>
  );
}

export const giftCardEmail = (card: GiftCardEmailData, shop: ShopDetails): Promise<RenderedEmail> =>
  renderEmail(<GiftCardDelivered card={card} shop={shop} />, {
    subject: `${card.buyerName} sent you a ${formatCents(card.amountCents)} ${shop.siteName} gift card`,
  });
