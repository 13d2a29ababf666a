import type { VariantDto } from '../../../core/product/model';

export const inStock = (variant: VariantDto) => variant.quantity > 0;

/** One choice among a product's variants or options, as radio buttons; sold-out ones say so. */
export function ChoiceList({
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
