import { useId, type FormHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { FormMessages, SubmitButton } from '../shared/FormFeedback';
import type { FormStatus } from '../shared/useForm';
import styles from '../shared/Account.module.css';

interface Props extends Omit<FormHTMLAttributes<HTMLFormElement>, 'title'> {
  form: RefObject<HTMLFormElement | null>;
  title: string;
  status: FormStatus;
  /** The sentence once saved. */
  doneText: string;
  submit: { label: string; busyLabel: string };
  children: ReactNode;
}

/** One of /account's forms: a titled section, its fields, its live messages and its button. */
export function AccountSection({
  form,
  title,
  status,
  doneText,
  submit,
  children,
  ...attributes
}: Props) {
  const id = useId();
  return (
    <form
      ref={form}
      className={styles.section}
      noValidate
      aria-labelledby={`${id}-title`}
      {...attributes}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <FormMessages status={status} doneText={doneText} />
      <SubmitButton busy={status.kind === 'sending'} {...submit} />
    </form>
  );
}
