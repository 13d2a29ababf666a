import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  contactPayload,
  contactRequest,
  firstErrorPerField,
  type ContactField,
  type ContactFormValues,
} from '../../../core/contact/model';
import { CONTACT_TEXT } from '../../../core/site-messages';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';

export type Errors = Partial<Record<ContactField, string>>;
type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed'; text: string; detail?: string | undefined };

const EMPTY: ContactFormValues = { email: '', subject: '', message: '', orderNumber: '' };
const FIELD_ORDER: ContactField[] = ['email', 'subject', 'message', 'orderNumber'];

/**
 * The contact form's values, refusals and sending: checked with the API's own schema first (the
 * first wrong field takes the focus), then sent; the thanks take the focus once it is sent.
 */
export function useContactForm(id: string, accountEmail: string | null) {
  // What was typed before the island hydrated stays (issue 13 point 10).
  const [values, setValues] = useDomInitialState<ContactFormValues>(
    EMPTY,
    (name) => `${id}-${name}`,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const earlySubmit = useEarlySubmit(form);

  useEffect(() => {
    if (status.kind === 'sent') thanks.current?.focus();
  }, [status]);

  const update = (field: ContactField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // spec §7: the email goes only when logged out (and given: DECISIONS "Contact email"); the
    // server takes the account's otherwise.
    const { email, ...rest } = contactPayload(values);
    const payload = accountEmail || !email ? rest : { email, ...rest };
    const checked = contactRequest.safeParse(payload);
    if (!checked.success) {
      const found = firstErrorPerField(checked.error);
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const result = await api.post('/contact/contact', payload);
    if (result.status === 201) {
      setStatus({ kind: 'sent' });
      return;
    }
    if (result.status === 0) {
      setStatus({ kind: 'failed', text: CONTACT_TEXT.networkError });
      return;
    }
    if (!result.ok && result.fields) setErrors(result.fields);
    setStatus({
      kind: 'failed',
      text: CONTACT_TEXT.failure,
      detail: result.ok ? undefined : result.error,
    });
  }

  return { values, errors, status, form, thanks, earlySubmit, update, submit };
}
