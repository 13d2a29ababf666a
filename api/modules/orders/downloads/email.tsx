import {
  ActionLink,
  EmailLayout,
  Note,
  Paragraph,
  renderEmail,
  Title,
  type RenderedEmail,
  type ShopDetails,
} from '../../mail';
import {
  DOWNLOAD_MESSAGES,
  DOWNLOAD_TERMS,
  type DownloadLink,
} from '../../../../core/downloads/model';

interface Props {
  shop: ShopDetails;
  orderNumber: number;
  firstname: string;
  links: DownloadLink[];
}

/** Fresh download links for a paid order's photos, asked for from /download/request. */
export function FreshDownloadLinks({ shop, orderNumber, firstname, links }: Props) {
  return (
    <EmailLayout shop={shop} preview={`Fresh download links for order ${orderNumber}`}>
      <Title>{`Your downloads for order ${orderNumber}`}</Title>
      <Paragraph>{`Hello ${firstname}, here are fresh links to the photos you bought:`}</Paragraph>
      {links.map((link) => (
        <ActionLink key={link.itemId} href={link.url}>
          {`Download ${link.title}`}
        </ActionLink>
      ))}
      <Note>
        {`${DOWNLOAD_TERMS} The links sent before this email no longer work. If you did not ask for new links, you can ignore this email.`}
      </Note>
    </EmailLayout>
  );
}

export const freshDownloadLinksEmail = (props: Props): Promise<RenderedEmail> =>
  renderEmail(<FreshDownloadLinks {...props} />, {
    subject: `Your ${props.shop.siteName} downloads for order ${props.orderNumber}`,
  });

type LimitProps = Omit<Props, 'links'>;

/** The answer to a request for fresh links once the order has had all its reissues. */
export function ReissueLimitReached({ shop, orderNumber, firstname }: LimitProps) {
  return (
    <EmailLayout shop={shop} preview={`Download links for order ${orderNumber}`}>
      <Title>{`Your downloads for order ${orderNumber}`}</Title>
      <Paragraph>{`Hello ${firstname}, you asked for fresh download links.`}</Paragraph>
      <Paragraph>{DOWNLOAD_MESSAGES.reissueLimit}</Paragraph>
      <Note>If you did not ask for new links, you can ignore this email.</Note>
    </EmailLayout>
  );
}

export const reissueLimitEmail = (props: LimitProps): Promise<RenderedEmail> =>
  renderEmail(<ReissueLimitReached {...props} />, {
    subject: `Your ${props.shop.siteName} downloads for order ${props.orderNumber}`,
  });
