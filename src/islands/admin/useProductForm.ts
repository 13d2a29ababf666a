import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { useApiGet } from '../../lib/use-api-get';
import { CATEGORY_TEXT } from './product-form';
import {
  checkedBody,
  emptyFields,
  splitMessages,
  toFields,
  withoutMessagesOf,
  type Editable,
  type Fields,
} from './product-fields';
import { ADMIN_TEXT } from './RequireAdmin';
import { useCategoryOptions } from './useCategoryOptions';

/**
 * The product form's state (issues 14 and 25): the product loaded (or a new one's empty fields),
 * the category options, each field's message, and the save that checks with the API's own schema
 * before sending. The heading takes the focus when the form first shows; a refused save takes it
 * to the first field with a message.
 */
export function useProductForm(productId: string | undefined, onDone: (message: string) => void) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields | null>(productId ? null : emptyFields);
  const { options, retry } = useCategoryOptions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);

  useApiGet<Editable>(productId ? `/admin/products/${productId}` : null, (result) => {
    if (result.ok) setFields(toFields(result.data));
    else setLoadFailed(true);
  });

  const shown = fields !== null;
  useEffect(() => {
    if (shown) headingRef.current?.focus();
  }, [shown]);

  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => (current ? { ...current, [key]: value } : current));
    // A message stays until its field changes; the rows' messages go with any change of the rows.
    setErrors((current) => withoutMessagesOf(current, key));
  };

  function refuse(messages: Record<string, string>) {
    const split = splitMessages(messages);
    setErrors(split.fields);
    setError(split.form);
    setRefused((count) => count + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!fields) return;
    // A new product's categories are picked from the list, so it waits for the list.
    if (options.status !== 'ready' && !productId) {
      setError(options.status === 'loading' ? CATEGORY_TEXT.loading : CATEGORY_TEXT.failed);
      return;
    }
    const categories = options.status === 'ready' ? options.categories : [];
    const { body, messages } = checkedBody(fields, categories, !productId);
    if (Object.keys(messages).length > 0) {
      refuse(messages);
      return;
    }
    setBusy(true);
    setError(null);
    setErrors({});
    const result = await api.post<{ id: string; title: string }>(
      productId ? `/admin/products/${productId}` : '/admin/products',
      body,
    );
    setBusy(false);
    if (result.ok) {
      onDone(productId ? `Saved ${result.data.title}.` : `Added ${result.data.title}.`);
      if (!productId) setFields(emptyFields());
    } else if (result.fields) refuse(result.fields);
    else setError(result.error || ADMIN_TEXT.failed);
  }

  const state = { fields, busy, error, errors, loadFailed, options };
  return { ...state, headingRef, formRef, setFields, set, setError, retry, save };
}
