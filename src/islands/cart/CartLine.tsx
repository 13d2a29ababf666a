import {
  availableStock,
  isDigital,
  lineCap,
  limitMessage,
  MAX_PER_LINE,
} from '../../../core/cart/rules';
import { formatDollars } from '../../../core/money';
import { SaleBadge, WasPrice } from '../catalogue/SalePrice';
import { imageEndpointUrl, productImageSize } from '../../../core/images/product-images';
import { personalizationKey } from '../../../core/product/personalized-text';
import type { CartItem } from '../../stores/cart';
import LimitMessage from '../catalogue/LimitMessage';
import { limitText } from '../catalogue/purchase-texts';
import PersonalizedTexts, { personalizedName } from '../shared/PersonalizedTexts';

export const keyOf = (item: Pick<CartItem, '_id' | 'sku' | 'personalization'>) =>
  `${item._id}|${item.sku}|${personalizationKey(item.personalization)}`;

/**
 * Why a line's '+' is disabled at its maximum (issue 13 point 6), said before it bites, and the
 * one sentence when a quantity typed is more than it may hold (issue 24 point 7): the limit that
 * binds, never a second line beside it.
 */
export function maximumReason(item: CartItem): string {
  if (isDigital(item)) return 'A digital item is sold one to an order.';
  return `${limitText({ digital: false, stock: availableStock(item), most: MAX_PER_LINE }, 0, 0, limitMessage)}.`;
}

function Thumbnail({ item }: { item: CartItem }) {
  if (!item.image) return <span className="thumb" />;
  const size = productImageSize(item);
  const height = Math.round((96 * size.height) / size.width);
  return (
    <img
      className="thumb"
      src={imageEndpointUrl(item.image, { width: 192, height: height * 2 })}
      width={96}
      height={height}
      alt=""
      decoding="async"
    />
  );
}

/** A line's quantity: '−', the number, '+' (disabled at its maximum, which it then explains). */
function QuantityControl({
  item,
  label,
  maxId,
  atMaximum,
  onQuantity,
}: {
  item: CartItem;
  label: string;
  maxId: string;
  atMaximum: boolean;
  onQuantity: (quantity: number) => void;
}) {
  return (
    <div className="quantity">
      <button
        type="button"
        aria-label={`One fewer ${label}`}
        disabled={item.quantity <= 1}
        onClick={() => onQuantity(item.quantity - 1)}
      >
        −
      </button>
      <input
        type="number"
        min={1}
        max={Math.max(1, lineCap(item))}
        value={item.quantity}
        aria-label={`Quantity of ${label}`}
        onChange={(event) => {
          const wanted = Number(event.target.value);
          if (Number.isFinite(wanted) && event.target.value !== '') onQuantity(wanted);
        }}
      />
      <button
        type="button"
        aria-label={`One more ${label}`}
        aria-describedby={atMaximum ? maxId : undefined}
        disabled={atMaximum}
        onClick={() => onQuantity(item.quantity + 1)}
      >
        +
      </button>
    </div>
  );
}

/** One line of the cart: what it is, its quantity, its total, Remove, and any limit it hit. */
export function CartLine({
  item,
  limit,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  /** The sentence of a limit the last change hit, if any. */
  limit: string | undefined;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const atMaximum = item.quantity >= Math.max(1, lineCap(item));
  const maxId = `max-${keyOf(item).replace(/[^\w-]/g, '_')}`;
  const label = personalizedName(
    item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title,
    item.personalization,
  );
  return (
    <li className="line" data-testid="cart-line">
      <Thumbnail item={item} />
      <div className="what">
        <a href={`/productdetailpage/${item._id}`} className="title">
          {item.title}
        </a>
        {item.variantTitle && <p className="variant">{item.variantTitle}</p>}
        <PersonalizedTexts texts={item.personalization} />
        <p className="unit">
          {formatDollars(item.price)} each
          {item.compareAtPrice !== undefined && item.compareAtPrice > item.price && (
            <>
              <WasPrice regular={item.compareAtPrice} />
              <SaleBadge />
            </>
          )}
        </p>
      </div>
      <QuantityControl {...{ item, label, maxId, atMaximum, onQuantity }} />
      {atMaximum && !limit && (
        <p id={maxId} className="line-max" data-testid="line-max">
          {maximumReason(item)}
        </p>
      )}
      <p className="line-total">{formatDollars(item.price * item.quantity)}</p>
      <button type="button" className="remove" aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </button>
      {limit && (
        <div className="line-limit" id={atMaximum ? maxId : undefined}>
          <LimitMessage message={limit} />
        </div>
      )}
    </li>
  );
}
