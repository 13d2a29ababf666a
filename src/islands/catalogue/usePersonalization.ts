import { useState } from 'react';
import {
  fieldError,
  normalizeValue,
  type PersonalizationSettings,
  type PersonalizationValues,
  type PersonalizedText,
} from '../../../core/product/personalization';
import type { Notice } from './ProductParts';

type Settings = PersonalizationSettings | null;

/** The texts typed so far (issue 40), normalized, leaving out the empty fields. */
export function typedTextsOf(
  settings: Settings,
  values: PersonalizationValues,
): PersonalizedText[] {
  return (settings?.fields ?? [])
    .map((field) => ({
      key: field.key,
      label: field.label,
      value: normalizeValue(field, values[field.key] ?? ''),
    }))
    .filter((text) => text.value !== '');
}

/** What the filled fields add to the price, in cents. */
export function addOnCentsOf(settings: Settings, typedTexts: PersonalizedText[]): number {
  return (settings?.fields ?? [])
    .filter((field) => typedTexts.some((text) => text.key === field.key))
    .reduce((sum, field) => sum + field.priceCents, 0);
}

/** The message of each filled field whose text it refuses. */
export function typedErrorsOf(
  settings: Settings,
  next: PersonalizationValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of settings?.fields ?? []) {
    const value = normalizeValue(field, next[field.key] ?? '');
    const error = value === '' ? null : fieldError(field, value);
    if (error) errors[field.key] = error;
  }
  return errors;
}

/**
 * A personalized item's fields (issue 40): the texts typed so far, what the filled fields add,
 * and each field's message.
 */
export function usePersonalization(
  settings: Settings,
  notice: Notice,
  setNotice: (notice: Notice) => void,
) {
  const [values, setValues] = useState<PersonalizationValues>({});
  const [personalErrors, setPersonalErrors] = useState<Record<string, string>>({});
  const typedTexts = typedTextsOf(settings, values);
  const addOnCents = addOnCentsOf(settings, typedTexts);

  /** A field's text as typed: its counter follows, and a character it refuses is said at once. */
  function onPersonalization(next: PersonalizationValues) {
    setValues(next);
    if (notice) setNotice(null);
    setPersonalErrors(() => typedErrorsOf(settings, next));
  }

  return { values, personalErrors, setPersonalErrors, typedTexts, addOnCents, onPersonalization };
}
