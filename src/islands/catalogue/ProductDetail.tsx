import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import { bundleLine, productLine, variantLine } from '../../../core/cart/lines';
import {
  availableStock,
  isDigital,
  limitMessage,
  lineCap,
  MAX_PER_LINE,
  sameLine,
} from '../../../core/cart/rules';
import { formatDollars } from '../../../core/money';
import type { ProductDto, VariantDto } from '../../../core/product/model';
import { $cart, $cartCount, addCartItem, cartItemFrom } from '../../stores/cart';
import { useHydrated } from '../shell/useHydrated';
import AddedToCart from './AddedToCart';
import type { ResponsiveImage } from '../../../core/images/product-images';
import Gallery from './Gallery';
import LimitMessage from './LimitMessage';
import RestockForm from './RestockForm';
import GiftCardFields, {
  emptyGiftCardDraft,
  readGiftCardDraft,
  type GiftCardDraft,
} from '../gift-cards/GiftCardFields';
import { GIFT_CARD_CUSTOM_SKU } from '../../../core/gift-cards/model';
import { isGiftCardKind } from '../../../core/product/kind';
import { restockTargets } from './restock-target';
import {
  DIGITAL_IN_CART,
  fullLineText,
  limitText,
  parseQuantity,
  QUANTITY_MESSAGE,
  stockText,
} from './purchase-texts';

export interface ProductDetailProps {
  product: ProductDto;
  /** Resized copies of every image the product and its variants show, by path. */
  images: Record<string, ResponsiveImage>;
}

const inStock = (variant: VariantDto) => variant.quantity > 0;
const firstAvailable = (options: VariantDto[]) => Math.max(0, options.findIndex(inStock));
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One choice among a product's variants or options, as radio buttons; sold-out ones say so. */
function ChoiceList({
  legend,
  name,
  options,
  chosen,
  ready,
  onChoose,
}: {
  legend: string;
  name: string;
  options: VariantDto[];
  chosen: number | undefined;
  /** Choosing waits for the island. */
  ready: boolean;
  onChoose: (index: number, option: VariantDto) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="choices">
        {options.map((option, index) => (
          <label
            key={option.sku}
            className="choice"
            data-sold-out={inStock(option) ? undefined : ''}
          >
            <input
              type="radio"
              name={name}
              value={option.sku}
              checked={index === chosen}
              disabled={!ready || !inStock(option)}
              onChange={() => onChoose(index, option)}
            />
            <span>
              {option.title}
              {!inStock(option) && ' (sold out)'}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
/**
 * The product page's interactive part (spec §2 Product detail): the gallery, the price, the variant
 * choice (for a bundle one option from each list), quantity and Add to cart with the cart's rules.
 * Choosing a variant updates the price, the image, the stock and the sku.
 */
export default function ProductDetail({ product, images }: ProductDetailProps) {
  const ids = useId();
  const cart = useStore($cart);
  const count = useStore($cartCount);
  const plainVariants = useMemo(
    () => (product.isBundle ? [] : (product.variants as VariantDto[])),
    [product],
  );
  const optionLists = useMemo(
    () => (product.isBundle ? (product.variants as VariantDto[][]) : []),
    [product],
  );
  const [variantIndex, setVariantIndex] = useState(() => firstAvailable(plainVariants));
  const [optionIndexes, setOptionIndexes] = useState(() => optionLists.map(firstAvailable));
  const [quantityText, setQuantityText] = useState('1');
  const [quantityError, setQuantityError] = useState(false);
  // The server's HTML shows the choices; they work once the island has hydrated.
  const ready = useHydrated();
  const [notice, setNotice] = useState<
    | { kind: 'added'; added: number; title: string; variant?: string | undefined; image?: string }
    | { kind: 'limited'; message: string; contact: boolean }
    | null
  >(null);

  const line = useMemo(() => {
    if (product.isBundle) {
      const chosen = optionLists.map((options, list) => options[optionIndexes[list] ?? 0]!);
      return bundleLine(product, chosen);
    }
    const variant = plainVariants[variantIndex];
    return variant ? variantLine(product, variant) : productLine(product);
  }, [product, optionLists, optionIndexes, plainVariants, variantIndex]);

  const gallery = useMemo(() => {
    const paths = [
      ...product.image,
      ...plainVariants.flatMap((variant) => variant.image),
      ...optionLists.flat().flatMap((option) => option.image),
    ];
    return [...new Set(paths)].filter((path) => images[path]).map((path) => images[path]!);
  }, [product, plainVariants, optionLists, images]);
  const [shownImage, setShownImage] = useState(product.image[0] ?? line.image);

  const digital = isDigital(line);
  // A gift card (issue 26): its recipient, message and date, and for the custom amount its amount.
  const giftCard = isGiftCardKind(product);
  const customAmount = giftCard && line.sku === GIFT_CARD_CUSTOM_SKU;
  const [giftDraft, setGiftDraft] = useState<GiftCardDraft>(emptyGiftCardDraft);
  const [giftErrors, setGiftErrors] = useState<Record<string, string>>({});
  const typedAmount = Number(giftDraft.amount);
  const shownPrice =
    customAmount && Number.isInteger(typedAmount) && typedAmount > 0 ? typedAmount : line.price;
  // The cart lives in this browser: the server's HTML (and hydration) shows none of it.
  const inCart = ready ? (cart.find((item) => sameLine(item, line))?.quantity ?? 0) : 0;
  const cap = lineCap(cartItemFrom(line));
  const soldOut = cap === 0;
  // The line holds all it may: say so before the shopper tries (a digital item stays addable,
  // and answers with the spec's limit sentence).
  const full = !soldOut && !digital && inCart >= cap;
  const awaited = useMemo(() => restockTargets(product), [product]);
  const thumb = images[shownImage ?? '']?.thumb ?? gallery[0]?.thumb;
  // The one sentence for a quantity past what the line may hold: the limit that binds.
  const limitOf = (remaining: number) =>
    limitText(
      { digital, stock: availableStock(cartItemFrom(line)), most: MAX_PER_LINE },
      inCart,
      remaining,
      limitMessage,
    );
  const typed = digital ? 1 : parseQuantity(quantityText);
  const room = Math.max(0, cap - inCart);
  // Said as soon as it is typed (issue 24 point 7), and after a press of Add to cart.
  const limit =
    notice?.kind === 'limited'
      ? notice
      : ready && !digital && !soldOut && !full && typed !== undefined && typed > room
        ? { message: limitOf(room), contact: true }
        : null;

  function choose(update: () => void, image: string | undefined) {
    update();
    if (image) setShownImage(image);
    setNotice(null);
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const quantity = digital ? 1 : parseQuantity(quantityText);
    if (quantity === undefined) {
      setQuantityError(true);
      setNotice(null);
      return;
    }
    let item = cartItemFrom(line);
    if (giftCard) {
      const read = readGiftCardDraft(giftDraft, customAmount);
      if (!read.ok) {
        setGiftErrors(read.errors);
        setNotice(null);
        return;
      }
      setGiftErrors({});
      item = { ...item, giftCard: read.details, price: read.details.amount ?? item.price };
    }
    const result = addCartItem(item, quantity);
    setNotice(
      result.limited
        ? { kind: 'limited', message: limitOf(result.limited.remaining), contact: !digital }
        : {
            kind: 'added',
            added: result.added,
            title: product.title,
            variant: line.variantTitle,
            ...(thumb ? { image: thumb } : {}),
          },
    );
  }

  return (
    <div className="product-detail">
      <Gallery images={gallery} shown={shownImage} onShow={setShownImage} alt={product.alttext} />
      <div className="purchase">
        <h1>{product.title}</h1>
        <p className="price" data-testid="price">
          {formatDollars(shownPrice)}
        </p>
        {digital && (
          <p className="licence">
            Photo License terms: personal, non-commercial use is free; buying the photo adds a
            commercial license and the full-resolution file.{' '}
            <a href="/photolicensing">Read the Photo License</a>
          </p>
        )}
        <form onSubmit={onSubmit} aria-describedby={`${ids}-status`} noValidate>
          {plainVariants.length > 0 && (
            <ChoiceList
              legend={capitalise(plainVariants[0]!.type || 'option')}
              name={`${ids}-variant`}
              options={plainVariants}
              chosen={variantIndex}
              ready={ready}
              onChoose={(index, variant) => choose(() => setVariantIndex(index), variant.image[0])}
            />
          )}
          {optionLists.map((options, list) => (
            <ChoiceList
              key={product.optionTitles[list] ?? list}
              legend={product.optionTitles[list] ?? `Option ${list + 1}`}
              name={`${ids}-list-${list}`}
              options={options}
              chosen={optionIndexes[list]}
              ready={ready}
              onChoose={(index, option) =>
                choose(
                  () =>
                    setOptionIndexes((current) =>
                      current.map((value, at) => (at === list ? index : value)),
                    ),
                  option.image[0],
                )
              }
            />
          ))}
          {giftCard && (
            <GiftCardFields
              draft={giftDraft}
              custom={customAmount}
              errors={giftErrors}
              disabled={!ready}
              onChange={setGiftDraft}
            />
          )}
          <p className="stock" data-testid="stock">
            {stockText(line.stock, digital)}
          </p>
          {product.isBundle ? (
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
          )}
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
                  disabled={!ready || soldOut || full}
                  aria-invalid={quantityError || undefined}
                  aria-describedby={quantityError ? `${ids}-quantity-error` : undefined}
                  onChange={(event) => {
                    setQuantityText(event.target.value);
                    setQuantityError(false);
                    if (notice?.kind === 'limited') setNotice(null);
                  }}
                />
              </label>
            )}
            <button
              type="submit"
              disabled={!ready || soldOut || full}
              aria-describedby={full ? `${ids}-full` : undefined}
            >
              {soldOut ? 'Sold out' : 'Add to cart'}
            </button>
          </div>
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
                onClose={() => setNotice(null)}
              />
            )}
            {limit && <LimitMessage message={limit.message} contact={limit.contact} />}
            {inCart > 0 && !full && !limit && (
              <p className="in-cart">
                {digital ? DIGITAL_IN_CART : `${inCart} in your cart`}.{' '}
                <a href="/cart">View cart</a>
              </p>
            )}
          </div>
        </form>
        {ready && awaited.length > 0 && <RestockForm targets={awaited} />}
      </div>
    </div>
  );
}
