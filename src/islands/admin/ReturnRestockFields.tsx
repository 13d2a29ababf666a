import { useId } from 'react';
import styles from './Admin.module.css';

/** A line the return sends back, as the return's detail lists it. */
export interface ReturnedLine {
  orderItemId: string;
  quantity: number;
  title: string;
  variantTitle: string | null;
}

/** What the owner chose for one returned line: the units back on sale, as typed, and damaged. */
export interface RestockChoice {
  units: string;
  damaged: boolean;
}

/** Every returned unit back on sale, none damaged: the form's default (issue 25 point 4). */
export const allBackOnSale = (lines: ReturnedLine[]): Record<string, RestockChoice> =>
  Object.fromEntries(
    lines.map((line) => [line.orderItemId, { units: String(line.quantity), damaged: false }]),
  );

/** The body of POST /admin/returns/:id/receive for these choices (a damaged line puts back 0). */
export const restockBody = (lines: ReturnedLine[], choices: Record<string, RestockChoice>) => ({
  restock: lines.map((line) => {
    const choice = choices[line.orderItemId];
    return {
      orderItemId: line.orderItemId,
      quantity: !choice ? 0 : choice.damaged ? 0 : Number(choice.units),
    };
  }),
});

/** Whether no line puts back more units than it returns (the server refuses that too). */
export const restockFits = (lines: ReturnedLine[], choices: Record<string, RestockChoice>) =>
  restockBody(lines, choices).restock.every((line, i) => line.quantity <= lines[i]!.quantity);

export const lineName = (line: { title: string; variantTitle: string | null }) =>
  `${line.title}${line.variantTitle ? ` (${line.variantTitle})` : ''}`;

/**
 * The return dialog's "Mark received" step: per returned line, how many units go back on sale
 * (0 to the units returned, all by default) and a "damaged" box that sets it to 0.
 */
export function ReturnRestockFields({
  lines,
  choices,
  onChange,
}: {
  lines: ReturnedLine[];
  choices: Record<string, RestockChoice>;
  onChange: (choices: Record<string, RestockChoice>) => void;
}) {
  const formId = useId();
  const set = (id: string, choice: RestockChoice) => onChange({ ...choices, [id]: choice });
  return (
    <fieldset>
      <legend>Back on sale</legend>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Returned</th>
            <th scope="col">Damaged</th>
            <th scope="col">Units back on sale</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const name = lineName(line);
            const choice = choices[line.orderItemId] ?? { units: '0', damaged: false };
            return (
              <tr key={line.orderItemId}>
                <td>{name}</td>
                <td>{line.quantity}</td>
                <td>
                  <input
                    id={`${formId}-${line.orderItemId}-damaged`}
                    type="checkbox"
                    checked={choice.damaged}
                    onChange={(e) =>
                      set(line.orderItemId, {
                        damaged: e.target.checked,
                        units: e.target.checked ? '0' : String(line.quantity),
                      })
                    }
                    aria-label={`${name} is damaged`}
                  />
                </td>
                <td>
                  <input
                    id={`${formId}-${line.orderItemId}-units`}
                    type="number"
                    min={0}
                    max={line.quantity}
                    step={1}
                    value={choice.units}
                    disabled={choice.damaged}
                    onChange={(e) => set(line.orderItemId, { ...choice, units: e.target.value })}
                    aria-label={`Units of ${name} back on sale`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
