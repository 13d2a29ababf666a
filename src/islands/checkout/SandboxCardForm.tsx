import { useImperativeHandle, useState, type Ref } from 'react';
import {
  cardFieldErrors,
  formatExpiry,
  parseExpiry,
  type CardField,
  type CardToken,
} from '../../../core/payments/model';
import type { BillingInfo } from '../../stores/checkout';
import { useDomInitialState } from '../../lib/early-form';
import { postJson } from '../shared/api';
import {
  cardFieldId,
  EMPTY_CARD,
  formatCardNumber,
  newCardInfo,
  type CardFormHandle,
} from '../shared/card';
import { TextField } from '../shared/TextField';

/** The sandbox's test cards, shown so a shopper of this test shop knows what to type. */
const TEST_CARDS = [
  ['4242 4242 4242 4242', 'Visa, succeeds'],
  ['5555 5555 5555 4444', 'Mastercard, succeeds'],
  ['3782 822463 10005', 'American Express, succeeds'],
  ['6011 1111 1111 1117', 'Discover, succeeds'],
  ['4000 0000 0000 0002', 'declined'],
  ['4000 0000 0000 9995', 'insufficient funds'],
] as const;

/** The tokeniser's refusal as the form's fields' errors (its sentence on the number otherwise). */
function fieldErrorsOf(fields: Record<string, string>, error: string) {
  const mapped: Partial<Record<CardField, string>> = {};
  if (fields.number) mapped.number = fields.number;
  if (fields.expMonth || fields.expYear || fields.expiry) {
    mapped.expiry = fields.expMonth ?? fields.expYear ?? fields.expiry!;
  }
  if (fields.cvc) mapped.cvc = fields.cvc;
  if (Object.keys(mapped).length === 0) mapped.number = error;
  return mapped;
}

/** The sandbox's test card numbers and what each does. */
function TestCards() {
  return (
    <details className="test-cards" open>
      <summary>Test cards</summary>
      <table>
        <caption className="visually-hidden">Test card numbers and what they do</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map(([cardNumber, result]) => (
            <tr key={cardNumber}>
              <td>
                <code>{cardNumber}</code>
              </td>
              <td>{result}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Any future expiry date and any 3-digit code (4 digits for American Express).</p>
    </details>
  );
}

/**
 * The sandbox card form. The number stays in this component's memory and goes only to the sandbox
 * tokeniser; the checkout keeps the token, brand, last four and expiry. Rendered on the server with
 * the billing step, it starts from what its fields hold when it hydrates (issue 13 point 10).
 */
export default function SandboxCardForm({ ref }: { ref: Ref<CardFormHandle> }) {
  // What was typed before the script arrived ("1229", "4242424242424242") is shown as it would
  // have been formatted.
  const [card, setCard] = useDomInitialState(EMPTY_CARD, cardFieldId, (typed) => ({
    ...typed,
    number: formatCardNumber(typed.number),
    expiry: formatExpiry(typed.expiry),
  }));
  const { number, expiry, cvc } = card;
  const set = (name: keyof typeof EMPTY_CARD) => (value: string) =>
    setCard((current) => ({ ...current, [name]: value }));
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});

  useImperativeHandle(ref, () => ({
    async tokenise(): Promise<BillingInfo | null> {
      const parsedExpiry = parseExpiry(expiry);
      // Every field with a problem is marked at once, before anything is sent.
      const found = cardFieldErrors({ number, expiry: parsedExpiry, cvc }, new Date());
      if (!parsedExpiry || Object.keys(found).length > 0) {
        setErrors(found);
        return null;
      }
      const result = await postJson<CardToken>('/payments/sandbox/tokens', {
        number,
        ...parsedExpiry,
        cvc,
      });
      if (!result.ok) {
        setErrors(fieldErrorsOf(result.fields ?? {}, result.error));
        return null;
      }
      setErrors({});
      return newCardInfo(result.data.token, result.data);
    },
  }));

  return (
    <div className="card-form">
      <p className="notice" role="note">
        This is a test shop: no real payment is taken. Use one of the test cards below and never
        enter a real card.
      </p>
      <TextField
        id={cardFieldId('number')}
        label="Card number"
        value={number}
        error={errors.number}
        onChange={(typed) => set('number')(formatCardNumber(typed))}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <div className="field-row">
        <TextField
          id={cardFieldId('expiry')}
          label="Expiry (MM/YY)"
          value={expiry}
          error={errors.expiry}
          onChange={(typed) => set('expiry')(formatExpiry(typed))}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
        />
        <TextField
          id={cardFieldId('cvc')}
          label="Security code"
          value={cvc}
          error={errors.cvc}
          onChange={set('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
        />
      </div>
      <TestCards />
    </div>
  );
}
