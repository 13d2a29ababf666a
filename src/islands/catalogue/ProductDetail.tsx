import { useStore } from '@nanostores/react';
import { useId, useMemo, type ComponentProps, type ReactNode } from 'react';
import type { ResponsiveImage } from '../../../core/images/product-images';
import { formatDollars } from '../../../core/money';
import { SaleMarks } from './SalePrice';
import type { ProductDto } from '../../../core/product/model';
import { $cartCount } from '../../stores/cart';
import GiftCardFields from '../gift-cards/GiftCardFields';
import PersonalizationFields from '../personalization/PersonalizationFields';
import PersonalizationPreview from '../personalization/PersonalizationPreview';
import { useHydrated } from '../shared/useHydrated';
import Gallery from './Gallery';
import { BuyRow, Choices, PurchaseStatus, SkuLine } from './ProductParts';
import { stockText } from './purchase-texts';
import RestockForm from './RestockForm';
import { restockTargets } from './restock-target';
import { usePurchase } from './usePurchase';
import { useProductChoice } from './useProductChoice';

export interface ProductDetailProps {
  product: ProductDto;
  /** Resized copies of every image the product and its variants show, by path. */
  images: Record<string, ResponsiveImage>;
  /** What the page shows under the price, drawn by the server: when it arrives (issue 41). */
  children?: ReactNode;
}

/** The photo licence's terms, shown with a digital item. */
function Licence() {
  return (
    <p className="licence">
      Photo License terms: personal, non-commercial use is free; buying the photo adds a commercial
      license and the full-resolution file. <a href="/photolicensing">Read the Photo License</a>
    </p>
  );
}

/** The personalization's preview over the picture (issue 40), at the picture's size. */
const previewOver =
  (
    placement: ComponentProps<typeof PersonalizationPreview>['placement'],
    texts: ComponentProps<typeof PersonalizationPreview>['texts'],
  ) =>
  (size: { width: number; height: number }) => (
    <PersonalizationPreview placement={placement} texts={texts} {...size} />
  );

/**
 * The product page's interactive part (spec §2 Product detail): the gallery, the price, the variant
 * choice (for a bundle one option from each list), quantity and Add to cart with the cart's rules.
 * Choosing a variant updates the price, the image, the stock and the sku.
 */
export default function ProductDetail({ product, images, children }: ProductDetailProps) {
  const ids = useId();
  const count = useStore($cartCount);
  const choice = useProductChoice(product, images);
  const { line, gallery, shownImage, setShownImage } = choice;
  // The server's HTML shows the choices; they work once the island has hydrated.
  const ready = useHydrated();
  const awaited = useMemo(() => restockTargets(product), [product]);
  const thumb = images[shownImage ?? '']?.thumb ?? gallery[0]?.thumb;
  const buy = usePurchase(product, line, thumb, ready);
  const { digital, quantityError, full, inCart, cap, soldOut, notice, limit } = buy;

  return (
    <div className="product-detail">
      <Gallery
        images={gallery}
        shown={shownImage}
        onShow={setShownImage}
        alt={product.alttext}
        overlay={buy.settings ? previewOver(buy.settings.preview, buy.typedTexts) : undefined}
      />
      <div className="purchase">
        <h1>{product.title}</h1>
        <p className="price" data-testid="price">
          {formatDollars(buy.shownPrice)}
          <SaleMarks shown={buy.shownPrice} line={line} custom={Boolean(buy.customAmount)} />
        </p>
        {children}
        {digital && <Licence />}
        <form onSubmit={buy.onSubmit} aria-describedby={`${ids}-status`} noValidate>
          <Choices
            {...{ ids, product, choice, ready }}
            onChosen={(image) => {
              if (image) setShownImage(image);
              buy.setNotice(null);
            }}
          />
          {buy.giftCard && (
            <GiftCardFields
              draft={buy.giftDraft}
              custom={buy.customAmount}
              errors={buy.giftErrors}
              disabled={!ready}
              onChange={buy.setGiftDraft}
            />
          )}
          {buy.settings && (
            <PersonalizationFields
              settings={buy.settings}
              values={buy.values}
              errors={buy.personalErrors}
              disabled={!ready}
              onChange={buy.onPersonalization}
            />
          )}
          <p className="stock" data-testid="stock">
            {stockText(line.stock, digital)}
          </p>
          <SkuLine product={product} line={line} />
          <BuyRow
            {...{ ids, digital, quantityError, cap, soldOut, full }}
            quantityText={buy.quantityText}
            disabled={!ready || soldOut || full}
            onQuantity={buy.onQuantity}
          />
          <PurchaseStatus
            {...{ ids, quantityError, full, inCart, digital, notice, count, limit }}
            onClose={() => buy.setNotice(null)}
          />
        </form>
        {ready && awaited.length > 0 && <RestockForm targets={awaited} />}
      </div>
    </div>
  );
}
