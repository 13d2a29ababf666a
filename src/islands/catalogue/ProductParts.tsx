import type { ResolvedLine } from '../../../core/cart/lines';
import type { ProductDto } from '../../../core/product/model';
import AddedToCart from './AddedToCart';
import { ChoiceList } from './ChoiceList';
import LimitMessage from './LimitMessage';
import { DIGITAL_IN_CART, fullLineText, QUANTITY_MESSAGE } from './purchase-texts';
import type { useProductChoice } from './useProductChoice';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export type Notice =
  | { kind: 'added'; added: number; title: string; variant?: string | undefined; image?: string }
  | { kind: 'limited'; message: string; contact: boolean }
  | null;

/** The variant choice, or for a bundle one choice from each of its lists. */
export function Choices({
  ids,
  product,
  choice,
  ready,
  onChosen,
}: {
  ids: string;
  product: ProductDto;
  choice: ReturnType<typeof useProductChoice>;
  ready: boolean;
  /** After a choice: the image to show, if the choice has one. */
  onChosen: (image: string | undefined) => void;
}) {
  const { plainVariants, optionLists } = choice;
  return (
    <>
      {plainVariants.length > 0 && (
        <ChoiceList
          legend={capitalise(plainVariants[0]!.type || 'option')}
          name={`${ids}-variant`}
          options={plainVariants}
          chosen={choice.variantIndex}
          ready={ready}
          onChoose={(index, variant) => {
            choice.chooseVariant(index);
            onChosen(variant.image[0]);
          }}
        />
      )}
      {optionLists.map((options, list) => (
        <ChoiceList
          key={product.optionTitles[list] ?? list}
          legend={product.optionTitles[list] ?? `Option ${list + 1}`}
          name={`${ids}-list-${list}`}
          options={options}
          chosen={choice.optionIndexes[list]}
          ready={ready}
          onChoose={(index, option) => {
            choice.chooseOption(list, index);
            onChosen(option.image[0]);
          }}
        />
      ))}
    </>
  );
}

/** The line's code: a bundle's own short one, with the chosen items' codes folded away. */
export function SkuLine({ product, line }: { product: ProductDto; line: ResolvedLine }) {
  return product.isBundle ? (
    // A bundle's own code is short; the chosen items' codes (for the shop's support) fold away.
    <div className="sku">
      SKU: {product.sku}
      <details className="item-codes">
        <summary>Item codes</summary>
        <span data-testid="sku">{line.sku}</span>
      </details>
    </div>
  ) : (
    <p className="sku">
      SKU: <span data-testid="sku">{line.sku}</span>
    </p>
  );
}

/** Quantity and Add to cart (a digital item has no quantity). */
export function BuyRow({
  ids,
  digital,
  quantityText,
  onQuantity,
  quantityError,
  cap,
  disabled,
  soldOut,
  full,
}: {
  ids: string;
  digital: boolean;
  quantityText: string;
  onQuantity: (text: string) => void;
  quantityError: boolean;
  cap: number;
  disabled: boolean;
  soldOut: boolean;
  full: boolean;
}) {
  return (
    <div className="buy">
      {!digital && (
        <label className="quantity">
          Quantity
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, cap)}
            value={quantityText}
            disabled={disabled}
            aria-invalid={quantityError || undefined}
            aria-describedby={quantityError ? `${ids}-quantity-error` : undefined}
            onChange={(event) => onQuantity(event.target.value)}
          />
        </label>
      )}
      <button type="submit" disabled={disabled} aria-describedby={full ? `${ids}-full` : undefined}>
        {soldOut ? 'Sold out' : 'Add to cart'}
      </button>
    </div>
  );
}

/** What the form says below the button: a wrong quantity, a full line, then the live status. */
export function PurchaseStatus({
  ids,
  quantityError,
  full,
  inCart,
  digital,
  notice,
  count,
  limit,
  onClose,
}: {
  ids: string;
  quantityError: boolean;
  full: boolean;
  inCart: number;
  digital: boolean;
  notice: Notice;
  count: number;
  limit: { message: string; contact: boolean } | null;
  onClose: () => void;
}) {
  return (
    <>
      {quantityError && (
        <p id={`${ids}-quantity-error`} className="limit" data-testid="quantity-error">
          {QUANTITY_MESSAGE}
        </p>
      )}
      {full && (
        <p id={`${ids}-full`} className="full" data-testid="line-full">
          {fullLineText(inCart)}. <a href="/cart">View cart</a>
        </p>
      )}
      <div id={`${ids}-status`} role="status" className="status">
        {notice?.kind === 'added' && (
          <AddedToCart
            added={notice.added}
            count={count}
            title={notice.title}
            variant={notice.variant}
            image={notice.image}
            onClose={onClose}
          />
        )}
        {limit && <LimitMessage message={limit.message} contact={limit.contact} />}
        {inCart > 0 && !full && !limit && (
          <p className="in-cart">
            {digital ? DIGITAL_IN_CART : `${inCart} in your cart`}. <a href="/cart">View cart</a>
          </p>
        )}
      </div>
    </>
  );
}
