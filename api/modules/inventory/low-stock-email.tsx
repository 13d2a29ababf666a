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

/** One row the digest reports: a variant, or a product without variants. */
export interface LowStockLine {
  sku: string;
  /** The product's title, with the variant's when there is one. */
  item: string;
  quantity: number;
  threshold: number;
}

/** Every text of the daily low-stock digest (issue 28). */
export const LOW_STOCK_DIGEST_TEXT = {
  subject: (count: number) =>
    count === 1
      ? 'Low stock: 1 item reached its threshold'
      : `Low stock: ${count} items reached their threshold`,
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

function LowStockDigest({ lines, shop }: { lines: LowStockLine[]; shop: ShopDetails }) {
  return (
    <EmailLayout shop={shop} preview={LOW_STOCK_DIGEST_TEXT.subject(lines.length)}>
      <Title>{LOW_STOCK_DIGEST_TEXT.title}</Title>
      <Paragraph>{LOW_STOCK_DIGEST_TEXT.intro}</Paragraph>
      <Lines lines={lines.map(LOW_STOCK_DIGEST_TEXT.line)} />
      <ActionLink href={`${shop.siteUrl}/admin/products`}>
        {LOW_STOCK_DIGEST_TEXT.action}
      </ActionLink>
      <Note>{LOW_STOCK_DIGEST_TEXT.note}</Note>
    </EmailLayout>
  );
}

export const lowStockDigestEmail = (
  lines: LowStockLine[],
  shop: ShopDetails,
): Promise<RenderedEmail> =>
  renderEmail(<LowStockDigest lines={lines} shop={shop} />, {
    subject: LOW_STOCK_DIGEST_TEXT.subject(lines.length),
  });
