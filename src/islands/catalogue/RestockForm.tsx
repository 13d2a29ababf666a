import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { RESTOCK_TEXT } from '../../../core/restock/texts';
import { api, type ApiResult } from '../../lib/api-client';
import { $auth } from '../../stores/auth';
import type { RestockTarget } from './restock-target';
import styles from './RestockForm.module.css';

type Sent =
  { status: 'idle' | 'sending' | 'done' } | { status: 'failed'; message: string; field: boolean };

/**
 * "Email me when it's back" on a product page with something sold out (issue 27): the product
 * itself, or a choice of its sold-out sizes or options; an email field (a signed-in shopper's own
 * address filled in), one button and a clear confirmation. The answer is the same whether the
 * address was already waiting.
 */
export default function RestockForm({ targets }: { targets: RestockTarget[] }) {
  const ids = useId();
  const auth = useStore($auth);
  const [typed, setTyped] = useState<string | null>(null);
  const [chosen, setChosen] = useState(0);
  const [sent, setSent] = useState<Sent>({ status: 'idle' });
  const email = typed ?? (auth.isLoggedIn ? (auth.user?.username ?? '') : '');
  const target = targets[chosen] ?? targets[0]!;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent({ status: 'sending' });
    const result = await api.post<{ message: string }>(
      '/restock-alerts',
      { productId: target.productId, sku: target.sku, email },
      { anonymous: true },
    );
    setSent(result.ok ? { status: 'done' } : failure(result));
  }

  if (sent.status === 'done') {
    return (
      <p className={styles.done} role="status">
        {RESTOCK_TEXT.confirmed}
      </p>
    );
  }
  const fieldError = sent.status === 'failed' && sent.field;
  const only = targets.length === 1 ? targets[0]! : undefined;
  return (
    <form className={styles.restock} onSubmit={submit} aria-labelledby={`${ids}-intro`}>
      <p id={`${ids}-intro`}>{introText(only)}</p>
      {!only && <TargetChoice targets={targets} chosen={chosen} onChoose={setChosen} />}
      <div className={styles.row}>
        <label>
          {RESTOCK_TEXT.emailLabel}
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => {
              setTyped(event.target.value);
              if (sent.status === 'failed') setSent({ status: 'idle' });
            }}
            aria-invalid={fieldError || undefined}
            aria-describedby={fieldError ? `${ids}-error` : `${ids}-privacy`}
          />
        </label>
        <button type="submit" disabled={sent.status === 'sending'}>
          {sent.status === 'sending' ? RESTOCK_TEXT.sending : RESTOCK_TEXT.button}
        </button>
      </div>
      {sent.status === 'failed' && (
        <p id={`${ids}-error`} className={styles.error} role="alert">
          {sent.message}
        </p>
      )}
      <p id={`${ids}-privacy`} className={styles.note}>
        {RESTOCK_TEXT.privacy} <a href="/privacy-policy">Privacy policy</a>
      </p>
    </form>
  );
}

/** The failed answer's message: the email field's own error, too many tries, or the server's. */
function failure(result: Extract<ApiResult<unknown>, { ok: false }>): Sent {
  const fieldError = result.fields?.email;
  return {
    status: 'failed',
    field: Boolean(fieldError),
    message:
      fieldError ??
      (result.status === 429 ? RESTOCK_TEXT.tooMany : (result.error ?? RESTOCK_TEXT.failed)),
  };
}

/** The form's opening sentence: for the one option, the one product, or a choice of several. */
function introText(only: RestockTarget | undefined): string {
  return only?.option
    ? RESTOCK_TEXT.optionIntro(only.option)
    : only
      ? RESTOCK_TEXT.intro
      : RESTOCK_TEXT.choiceIntro;
}

/** The choice of the sold-out sizes or options to be told about. */
function TargetChoice({
  targets,
  chosen,
  onChoose,
}: {
  targets: RestockTarget[];
  chosen: number;
  onChoose: (index: number) => void;
}) {
  return (
    <label>
      {RESTOCK_TEXT.choiceLabel}
      <select value={chosen} onChange={(event) => onChoose(Number(event.target.value))}>
        {targets.map((each, index) => (
          <option key={each.sku ?? ''} value={index}>
            {each.option}
          </option>
        ))}
      </select>
    </label>
  );
}
