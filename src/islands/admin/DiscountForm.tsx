import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import type { DiscountCodeDto } from '../../../core/discounts/model';
import { api } from '../../lib/api-client';
import { FieldFrame } from '../shared/Field';
import type { CategoryOptions } from './CategoryPicker';
import {
  checkDiscountForm,
  DISCOUNT_FORM_TEXT as T,
  emptyDiscountForm,
  formOf,
  type DiscountFormValues,
} from './discount-form';
import { ADMIN_TEXT } from './RequireAdmin';
import { useCategoryOptions } from './useCategoryOptions';
import { DiscountProducts } from './DiscountProducts';
import styles from './Admin.module.css';
import own from './Discounts.module.css';

const CLASSES = { field: own.field, hint: own.hint, error: styles.fieldError };

interface Props {
  /** The code edited; null: a new one. */
  editing: DiscountCodeDto | null;
  onSaved(code: DiscountCodeDto): void;
  onCancel(): void;
}

/** Sends the form: a new code is posted, an edited one put; the answer or the refusal. */
async function send(editing: DiscountCodeDto | null, body: unknown) {
  return editing
    ? api.put<{ code: DiscountCodeDto }>(`/admin/discounts/${editing._id}`, body)
    : api.post<{ code: DiscountCodeDto }>('/admin/discounts', body);
}

/** The form's values, each field's sentence, and its submit: checked, then sent. */
function useDiscountForm(id: string, editing: DiscountCodeDto | null, onSaved: Props['onSaved']) {
  const [values, setValues] = useState<DiscountFormValues>(() =>
    editing ? formOf(editing) : emptyDiscountForm(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<DiscountFormValues>) => setValues((now) => ({ ...now, ...change }));
  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    const first = Object.keys(fields)[0];
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    const checked = checkDiscountForm(values);
    if (!checked.ok) return showErrors(checked.errors);
    setErrors({});
    setBusy(true);
    const result = await send(editing, checked.body);
    setBusy(false);
    if (result.ok) return onSaved(result.data.code);
    if (result.fields && Object.keys(result.fields).length > 0) showErrors(result.fields);
    setFailure(result.error ?? ADMIN_TEXT.failed);
  }
  return { values, set, errors, failure, busy, submit };
}

/** A field's frame: its id, label, hint and sentence. */
type FrameFor = (
  name: keyof DiscountFormValues,
  label: string,
  hint?: string,
) => Omit<ComponentProps<typeof FieldFrame>, 'children'>;

/**
 * The owner's form for one discount code (issue 42), new or edited: checked with the shared
 * schema before it is sent, each sentence under its field (the server's too, e.g. a code name
 * already taken), focus on the first field to correct.
 */
export function DiscountForm({ editing, onSaved, onCancel }: Props) {
  const id = useId();
  const { values, set, errors, failure, busy, submit } = useDiscountForm(id, editing, onSaved);
  const heading = useRef<HTMLHeadingElement>(null);
  const { options, retry } = useCategoryOptions();
  useEffect(() => heading.current?.focus(), []);

  const frame: FrameFor = (name, label, hint) => ({
    id: `${id}-${name}`,
    label,
    hint,
    error: errors[name],
    classes: CLASSES,
  });
  const text = (name: 'code' | 'value' | 'minSubtotal', extra = {}) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value }),
    ...extra,
  });

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {editing ? T.editHeading(editing.code) : T.newHeading}
      </h2>
      <form className={own.form} noValidate onSubmit={(event) => void submit(event)}>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <FieldFrame {...frame('code', T.code, T.codeHint)}>
          {(aria) => <input {...text('code', { autoComplete: 'off' })} {...aria} />}
        </FieldFrame>
        <KindChoice id={id} kind={values.kind} onKind={(kind) => set({ kind })} />
        <FieldFrame {...frame('value', values.kind === 'percent' ? T.valuePercent : T.valueFixed)}>
          {(aria) => <input {...text('value', { inputMode: 'decimal' })} {...aria} />}
        </FieldFrame>
        <FieldFrame {...frame('minSubtotal', T.minSubtotal)}>
          {(aria) => <input {...text('minSubtotal', { inputMode: 'decimal' })} {...aria} />}
        </FieldFrame>
        <CategoryChecks
          id={id}
          options={options}
          chosen={values.categories}
          error={errors.categories}
          onRetry={retry}
          onChange={(categories) => set({ categories })}
        />
        <DiscountProducts
          id={id}
          chosen={values.productIds}
          onChange={(productIds) => set({ productIds })}
        />
        <LimitFields id={id} values={values} frame={frame} set={set} />
        <div className={own.actions}>
          <button className={styles.button} type="submit" disabled={busy}>
            {busy ? T.saving : T.save}
          </button>
          <button className={styles.secondary} type="button" onClick={onCancel}>
            {T.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}

/** When and how often: first and last day, total uses, once per customer, active or paused. */
function LimitFields({
  id,
  values,
  frame,
  set,
}: {
  id: string;
  values: DiscountFormValues;
  frame: FrameFor;
  set(change: Partial<DiscountFormValues>): void;
}) {
  return (
    <>
      {(['startsOn', 'endsOn'] as const).map((name) => (
        <FieldFrame key={name} {...frame(name, T[name])}>
          {(aria) => (
            <input
              id={`${id}-${name}`}
              type="date"
              value={values[name]}
              onChange={(event) => set({ [name]: event.target.value })}
              {...aria}
            />
          )}
        </FieldFrame>
      ))}
      <FieldFrame {...frame('maxUses', T.maxUses)}>
        {(aria) => (
          <input
            id={`${id}-maxUses`}
            inputMode="numeric"
            value={values.maxUses}
            onChange={(event) => set({ maxUses: event.target.value })}
            {...aria}
          />
        )}
      </FieldFrame>
      <label className={own.check}>
        <input
          type="checkbox"
          checked={values.oncePerCustomer}
          onChange={(event) => set({ oncePerCustomer: event.target.checked })}
        />
        {T.oncePerCustomer}
      </label>
      <FieldFrame {...frame('status', T.status)}>
        {(aria) => (
          <select
            id={`${id}-status`}
            value={values.status}
            onChange={(event) =>
              set({ status: event.target.value === 'paused' ? 'paused' : 'active' })
            }
            {...aria}
          >
            <option value="active">{T.active}</option>
            <option value="paused">{T.paused}</option>
          </select>
        )}
      </FieldFrame>
    </>
  );
}

/** Percentage or fixed amount: two radio buttons in a group with its legend. */
function KindChoice(props: {
  id: string;
  kind: DiscountFormValues['kind'];
  onKind(kind: DiscountFormValues['kind']): void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend>{T.kind}</legend>
      {(['percent', 'fixed'] as const).map((kind) => (
        <label key={kind}>
          <input
            type="radio"
            name={`${props.id}-kind`}
            value={kind}
            checked={props.kind === kind}
            onChange={() => props.onKind(kind)}
          />
          {kind === 'percent' ? T.percent : T.fixed}
        </label>
      ))}
    </fieldset>
  );
}

/** The shop's browsing categories as checkboxes, with those the code has that are gone. */
function CategoryChecks(props: {
  id: string;
  options: CategoryOptions;
  chosen: string[];
  error: string | undefined;
  onRetry(): void;
  onChange(categories: string[]): void;
}) {
  const { id, options, chosen, error } = props;
  const names =
    options.status === 'ready'
      ? [...new Set([...options.categories.map((entry) => entry.name), ...chosen])]
      : chosen;
  const toggle = (name: string, on: boolean) =>
    props.onChange(on ? [...chosen, name] : chosen.filter((each) => each !== name));
  return (
    <fieldset
      className={styles.choices}
      aria-describedby={`${id}-categories-hint${error ? ` ${id}-categories-error` : ''}`}
    >
      <legend>{T.categories}</legend>
      <p id={`${id}-categories-hint`} className={own.hint}>
        {T.categoriesHint}
      </p>
      {options.status === 'loading' && <p role="status">{T.categoriesLoading}</p>}
      {options.status === 'failed' && (
        <div role="alert">
          <p className={styles.error}>{T.categoriesFailed}</p>
          <button className={styles.secondary} type="button" onClick={props.onRetry}>
            {T.retry}
          </button>
        </div>
      )}
      {names.map((name) => (
        <label key={name}>
          <input
            id={`${id}-category-${name}`}
            type="checkbox"
            checked={chosen.includes(name)}
            onChange={(event) => toggle(name, event.target.checked)}
          />
          {name}
        </label>
      ))}
      {error && (
        <p id={`${id}-categories-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
