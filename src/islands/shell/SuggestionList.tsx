import type { MouseEvent } from 'react';
import { SOLD_OUT_LABEL } from '../../../core/product/availability';
import { markedPieces, type SuggestionOption } from './suggestion-options';
import styles from './SearchBox.module.css';
import { SaleBadge, WasPrice } from '../catalogue/SalePrice';

interface SuggestionListProps {
  id: string;
  options: SuggestionOption[];
  active: number;
  hidden: boolean;
  /** The rows are not focusable: a click follows the row's link (focus stays in the box). */
  onChoose(option: SuggestionOption): void;
}

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/** The suggestions under the header's search box: a WAI-ARIA listbox the input controls. */
export function SuggestionList({ id, options, active, hidden, onChoose }: SuggestionListProps) {
  const choose = (option: SuggestionOption) => (event: MouseEvent) => {
    event.preventDefault();
    onChoose(option);
  };
  return (
    <ul className={styles.panel} id={id} role="listbox" aria-label="Suggestions" hidden={hidden}>
      {options.map((option, index) => (
        <li
          key={option.href}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={`${styles.option} ${styles[option.kind]}`}
          // mousedown, so the input keeps its focus (and the panel stays open) until the click lands
          onMouseDown={(event) => event.preventDefault()}
          onClick={choose(option)}
        >
          {option.kind === 'product' ? (
            <>
              {option.product.thumb ? (
                <img src={option.product.thumb} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className={styles.noImage} />
              )}
              <span className={styles.title}>
                {markedPieces(option.product.title, option.product.marks).map(
                  ([text, marked], at) => (marked ? <mark key={at}>{text}</mark> : text),
                )}
              </span>
              <span className={styles.price}>
                {option.price}
                {option.product.compareAtPrice != null && (
                  <>
                    <WasPrice regular={option.product.compareAtPrice} />
                    <SaleBadge />
                  </>
                )}
                {option.product.soldOut && <span className={styles.soldOut}>{SOLD_OUT_LABEL}</span>}
              </span>
            </>
          ) : (
            option.label
          )}
        </li>
      ))}
    </ul>
  );
}
