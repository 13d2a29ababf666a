import { useId } from 'react';
import { CardTable, type Column } from './CardTable';

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

/** A whole number of units, from 0 to `max`, for one line of a return. */
export function UnitsInput(props: {
  id: string;
  max: number;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <input
      id={props.id}
      type="number"
      min={0}
      max={props.max}
      step={1}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value)}
      aria-label={props.label}
    />
  );
}

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
  const choiceOf = (line: ReturnedLine) =>
    choices[line.orderItemId] ?? { units: '0', damaged: false };
  const columns: Column<ReturnedLine>[] = [
    { label: 'Line', cell: lineName },
    { label: 'Returned', cell: (line) => line.quantity },
    {
      label: 'Damaged',
      cell: (line) => (
        <input
          id={`${formId}-${line.orderItemId}-damaged`}
          type="checkbox"
          checked={choiceOf(line).damaged}
          onChange={(e) =>
            set(line.orderItemId, {
              damaged: e.target.checked,
              units: e.target.checked ? '0' : String(line.quantity),
            })
          }
          aria-label={`${lineName(line)} is damaged`}
        />
      ),
    },
    {
      label: 'Units back on sale',
      cell: (line) => (
        <UnitsInput
          id={`${formId}-${line.orderItemId}-units`}
          max={line.quantity}
          value={choiceOf(line).units}
          disabled={choiceOf(line).damaged}
          onChange={(units) => set(line.orderItemId, { ...choiceOf(line), units })}
          label={`Units of ${lineName(line)} back on sale`}
        />
      ),
    },
  ];
  return (
    <fieldset>
      <legend>Back on sale</legend>
      <CardTable rows={lines} columns={columns} keyOf={(line) => line.orderItemId} />
    </fieldset>
  );
}
