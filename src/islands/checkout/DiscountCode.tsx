import { useEffect, useRef, useState } from 'react';
import { DISCOUNT_LABELS } from '../../../core/discounts/labels';
import { DISCOUNT_MESSAGES } from '../../../core/discounts/model';
import type { QuoteDto } from '../../../core/orders/model';
import { applyDiscountCode, removeDiscountCode } from '../../stores/checkout';
import { postJson } from '../shared/api';
import { FieldFrame } from '../shared/Field';

/** The checkout's own field classes (src/styles/checkout.css), as its other fields use. */
const CLASSES = { field: 'field', hint: 'hint', error: 'field-error' };

interface Props {
  /** The applied code (the checkout's, once hydrated: the server renders the step without it). */
  code: string | undefined;
  /**
   * The quote's body for this cart without the code: the lines, the tax's address and a guest's
   * email (a once-per-customer code is checked against it). null: not known yet.
   */
  request: Record<string, unknown> | null;
}

/** Asks the server's quote with `code`: the code it applied, or the sentence why it did not. */
async function check(
  request: Record<string, unknown>,
  code: string,
): Promise<{ error: string } | { applied: string }> {
  const result = await postJson<QuoteDto>('/orders/quote', { ...request, discountCode: code });
  if (!result.ok) return { error: result.fields?.discountCode ?? result.error };
  // A quote without a discount took nothing off: the code is not applied.
  if (!result.data.discount) return { error: DISCOUNT_MESSAGES.nothingEligible };
  return { applied: result.data.discount.code };
}

/** Focus follows the control that replaced the one pressed: Remove after Apply, and back. */
function useFocusAfterChange(applied: boolean) {
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    (applied ? remove.current : input.current)?.focus();
  }, [applied]);
  return { input, remove, changing: () => (changed.current = true) };
}

/** The field's state: what is typed, the server's refusal, what was said, Apply and Remove. */
function useDiscountEntry(request: Props['request'], applied: boolean) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const focus = useFocusAfterChange(applied);

  async function apply() {
    if (!request || typed.trim() === '') return;
    setError('');
    setSaid('');
    setBusy(true);
    const answer = await check(request, typed.trim());
    setBusy(false);
    if ('error' in answer) return setError(answer.error);
    focus.changing();
    applyDiscountCode(answer.applied);
    setTyped('');
    setSaid(DISCOUNT_MESSAGES.applied);
  }

  function remove() {
    focus.changing();
    removeDiscountCode();
    setSaid(DISCOUNT_MESSAGES.removed);
  }
  return {
    typed,
    setTyped,
    error,
    said,
    busy,
    inputRef: focus.input,
    removeRef: focus.remove,
    apply,
    remove,
  };
}

/**
 * The order's one discount code (issue 42), at the billing step: Apply asks the server's quote,
 * which takes it off or says why not (the sentence shows under the field); an applied code is
 * kept in the checkout, so the summaries, the review and the order carry it; Remove drops it.
 */
export default function DiscountCode({ code, request }: Props) {
  const { typed, setTyped, error, said, busy, inputRef, removeRef, apply, remove } =
    useDiscountEntry(request, Boolean(code));
  return (
    <div className="discount-code">
      {code ? (
        <p className="discount-code-applied">
          <span>
            <strong>{code}</strong>: {DISCOUNT_MESSAGES.applied}
          </span>
          <button ref={removeRef} type="button" className="button" onClick={remove}>
            {DISCOUNT_LABELS.remove}
            <span className="visually-hidden"> {code}</span>
          </button>
        </p>
      ) : (
        <div className="discount-code-entry">
          <FieldFrame
            id="discount-code"
            label={DISCOUNT_LABELS.field}
            error={error || undefined}
            alert
            classes={CLASSES}
          >
            {(aria) => (
              <input
                ref={inputRef}
                id="discount-code"
                name="discountCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                {...aria}
                onChange={(event) => setTyped(event.target.value)}
                onKeyDown={(event) => {
                  // Enter applies the code; it must not send the billing form.
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  void apply();
                }}
              />
            )}
          </FieldFrame>
          <button
            type="button"
            className="button"
            onClick={() => void apply()}
            disabled={busy || !request || typed.trim() === ''}
          >
            {busy ? DISCOUNT_LABELS.applying : DISCOUNT_LABELS.apply}
            {/* The gift card has its Apply too: each says which it is to a screen reader. */}
            <span className="visually-hidden"> {DISCOUNT_LABELS.field.toLowerCase()}</span>
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}
