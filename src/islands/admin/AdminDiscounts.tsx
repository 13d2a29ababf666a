import { useEffect, useRef, useState } from 'react';
import { DISCOUNT_ADMIN_MESSAGES, type DiscountCodeDto } from '../../../core/discounts/model';
import { formatDollars } from '../../../core/money';
import { api } from '../../lib/api-client';
import { useApiGet } from '../../lib/use-api-get';
import { TableHead } from '../shared/TableHead';
import { DiscountForm } from './DiscountForm';
import { appliesTo, datesOf, DISCOUNT_FORM_TEXT as T, takesOff, usesOf } from './discount-form';
import { ADMIN_TEXT, RequireAdmin } from './RequireAdmin';
import styles from './Admin.module.css';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; codes: DiscountCodeDto[] };

const COLUMNS = [
  'Code',
  'Takes off',
  'Applies to',
  'Dates',
  'Uses / limit',
  'Once per customer',
  'Status',
  'Given away',
  'Actions',
];

/** One code's row: its terms, its uses and what it gave away, Edit and Pause or Activate. */
function CodeRow(props: {
  code: DiscountCodeDto;
  busy: boolean;
  onEdit(): void;
  onToggle(): void;
}) {
  const { code } = props;
  const paused = code.status === 'paused';
  return (
    <tr data-code={code.code}>
      <th scope="row">{code.code}</th>
      <td>{takesOff(code)}</td>
      <td>{appliesTo(code)}</td>
      <td>{datesOf(code)}</td>
      <td>{usesOf(code)}</td>
      <td>{code.oncePerCustomer ? 'Yes' : 'No'}</td>
      <td>{paused ? T.paused : T.active}</td>
      <td>{formatDollars(code.given)}</td>
      <td>
        <button className={styles.secondary} type="button" onClick={props.onEdit}>
          {T.edit}
          <span className="visually-hidden"> {code.code}</span>
        </button>{' '}
        <button
          className={styles.secondary}
          type="button"
          disabled={props.busy}
          onClick={props.onToggle}
        >
          {paused ? T.activate : T.pause}
          <span className="visually-hidden"> {code.code}</span>
        </button>
      </td>
    </tr>
  );
}

/** The codes as the server lists them, a code put in its place, and Pause or Activate. */
function useDiscountCodes() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useApiGet<{ codes: DiscountCodeDto[] }>(
    '/admin/discounts',
    (result) =>
      setLoad(result.ok ? { kind: 'ready', codes: result.data.codes } : { kind: 'failed' }),
    attempt,
  );
  const reload = () => {
    setLoad({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };
  const replace = (code: DiscountCodeDto) =>
    setLoad((now) => {
      const codes = now.kind === 'ready' ? now.codes : [];
      const known = codes.some((each) => each._id === code._id);
      return {
        kind: 'ready',
        codes: known
          ? codes.map((each) => (each._id === code._id ? code : each))
          : [code, ...codes],
      };
    });

  async function toggle(code: DiscountCodeDto) {
    const action = code.status === 'paused' ? 'activate' : 'pause';
    setSaid('');
    setProblem('');
    setBusy(true);
    const result = await api.post<{ code?: DiscountCodeDto }>(
      `/admin/discounts/${code._id}/${action}`,
      {},
    );
    setBusy(false);
    if (!result.ok) return setProblem(result.error ?? ADMIN_TEXT.failed);
    if (result.data.code) replace(result.data.code);
    else setAttempt((count) => count + 1);
    setSaid(
      action === 'pause' ? DISCOUNT_ADMIN_MESSAGES.paused : DISCOUNT_ADMIN_MESSAGES.activated,
    );
  }
  return { load, reload, replace, toggle, said, setSaid, problem, busy };
}

/** Once the form closes (saved or cancelled), focus goes back to "New discount code". */
function useFocusAfterForm(open: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return button;
}

/** Every code, a row each. */
function CodesTable(props: {
  codes: DiscountCodeDto[];
  busy: boolean;
  onEdit(code: DiscountCodeDto): void;
  onToggle(code: DiscountCodeDto): void;
}) {
  if (props.codes.length === 0) return <p>{T.empty}</p>;
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{T.heading}</caption>
        <TableHead columns={COLUMNS} />
        <tbody>
          {props.codes.map((code) => (
            <CodeRow
              key={code._id}
              code={code}
              busy={props.busy}
              onEdit={() => props.onEdit(code)}
              onToggle={() => props.onToggle(code)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The list, its loading, failed and empty states, and the form for a new or edited code. */
function DiscountsBody() {
  const { load, reload, replace, toggle, said, setSaid, problem, busy } = useDiscountCodes();
  const [editing, setEditing] = useState<DiscountCodeDto | 'new' | null>(null);
  const newButton = useFocusAfterForm(editing !== null);

  if (load.kind === 'loading') return <p role="status">{T.loading}</p>;
  if (load.kind === 'failed') {
    return (
      <div role="alert">
        <p className={styles.error}>{ADMIN_TEXT.failed}</p>
        <button className={styles.secondary} type="button" onClick={reload}>
          {T.retry}
        </button>
      </div>
    );
  }
  return (
    <>
      <p role="status">{said}</p>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {editing ? (
        <DiscountForm
          key={editing === 'new' ? 'new' : editing._id}
          editing={editing === 'new' ? null : editing}
          onSaved={(code) => {
            replace(code);
            setEditing(null);
            setSaid(DISCOUNT_ADMIN_MESSAGES.saved);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <p>
          <button
            ref={newButton}
            className={styles.button}
            type="button"
            onClick={() => setEditing('new')}
          >
            {T.newCode}
          </button>
        </p>
      )}
      <CodesTable
        codes={load.codes}
        busy={busy}
        onEdit={(code) => {
          setSaid('');
          setEditing(code);
        }}
        onToggle={(code) => void toggle(code)}
      />
    </>
  );
}

/** /admin/discounts: the shop's discount codes, made, changed, paused and activated (issue 42). */
export default function AdminDiscounts() {
  return (
    <RequireAdmin>
      <DiscountsBody />
    </RequireAdmin>
  );
}
