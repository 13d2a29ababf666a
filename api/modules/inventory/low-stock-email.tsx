import {
  ActionLink,
  EmailLayout,
  Lines,
  Note,
  Paragraph,
  Title,
  renderEmail,
  type RenderedEmail,
  type ShopDetails,
} from '../mail';
import { formatShopDay } from '../../../core/arrival';

/** One row the digest reports: a variant, or a product without variants. */
export interface LowStockLine {
  sku: string;
  /** The product's title, with the variant's when there is one. */
  item: string;
  quantity: number;
  threshold: number;
}

/** An order the morning digest says must ship (issue 41): due today, or late. */
export interface ShipDueLine {
  number: number;
  shipBy: string;
  late: boolean;
}

const lowStockSubject = (count: number) =>
  count === 1
    ? 'Low stock: 1 item reached its threshold'
    : `Low stock: ${count} items reached their threshold`;
const shipSubject = (count: number) =>
  count === 1 ? 'Ship today: 1 order' : `Ship today: ${count} orders`;

/** Every text of the daily digest: low stock (issue 28) and the orders to ship (issue 41). */
export const LOW_STOCK_DIGEST_TEXT = {
  subject: (count: number, toShip = 0) =>
    [toShip > 0 ? shipSubject(toShip) : null, count > 0 ? lowStockSubject(count) : null]
      .filter(Boolean)
      .join('; '),
  shipTitle: 'To ship today',
  shipIntro: 'These orders must leave today to arrive within the window promised at checkout:',
  shipLine: (line: ShipDueLine) =>
    line.late
      ? `Order ${line.number}: late, ship-by day was ${formatShopDay(line.shipBy)}`
      : `Order ${line.number}: ship by today, ${formatShopDay(line.shipBy)}`,
  shipAction: 'Open the orders to ship',
  title: 'Low stock since the last digest',
  intro:
    'These items went down to their low-stock threshold (or sold out) since the last digest and are still there:',
  line: (line: LowStockLine) =>
    line.quantity === 0
      ? `${line.item} (${line.sku}): sold out`
      : `${line.item} (${line.sku}): ${line.quantity} left, threshold ${line.threshold}`,
  action: 'Open the stock page',
  note: 'One digest a day at most, and none when nothing crossed its threshold. The thresholds are set on the stock page.',
} as const;

interface DigestProps {
  lines: LowStockLine[];
  toShip: ShipDueLine[];
  shop: ShopDetails;
}

function LowStockDigest({ lines, toShip, shop }: DigestProps) {
  const T = LOW_STOCK_DIGEST_TEXT;
  return (
    <EmailLayout shop={shop} preview={T.subject(lines.length, toShip.length)}>
      {toShip.length > 0 && (
        <>
          <Title>{T.shipTitle}</Title>
          <Paragraph>{T.shipIntro}</Paragraph>
          <Lines lines={toShip.map(T.shipLine)} />
          <ActionLink href={`${shop.siteUrl}/admin/orders?status=unfulfilled`}>
            {T.shipAction}
          </ActionLink>
        </>
      )}
      {lines.length > 0 && (
        <>
          <Title>{T.title}</Title>
          <Paragraph>{T.intro}</Paragraph>
          <Lines lines={lines.map(T.line)} />
          <ActionLink href={`${shop.siteUrl}/admin/products`}>{T.action}</ActionLink>
        </>
      )}
      <Note>{T.note}</Note>
    </EmailLayout>
  );
}

export const lowStockDigestEmail = (
  lines: LowStockLine[],
  shop: ShopDetails,
  toShip: ShipDueLine[] = [],
): Promise<RenderedEmail> =>
  renderEmail(<LowStockDigest lines={lines} toShip={toShip} shop={shop} />, {
    subject: LOW_STOCK_DIGEST_TEXT.subject(lines.length, toShip.length),
  });
