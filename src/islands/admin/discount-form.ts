import {
  DISCOUNT_ADMIN_MESSAGES,
  DISCOUNT_MESSAGES,
  discountCodeInputSchema,
  type DiscountCodeDto,
  type DiscountCodeInput,
  type DiscountKind,
  type DiscountStatus,
} from '../../../core/discounts/model';
import { formatDollars } from '../../../core/money';

/**
 * The owner's discount code form (issue 42) as the inputs hold it (text), and its way to the
 * shared schema (core/discounts/model `discountCodeInputSchema`) and back from a saved code.
 */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  /** The percentage, or the amount in dollars. */
  value: string;
  /** Dollars; empty: no minimum. */
  minSubtotal: string;
  categories: string[];
  /** Kept as the code has them: the form lists how many. */
  productIds: string[];
  startsOn: string;
  endsOn: string;
  /** Empty: no limit. */
  maxUses: string;
  oncePerCustomer: boolean;
  status: DiscountStatus;
}

export const DISCOUNT_FORM_TEXT = {
  heading: 'Discount codes',
  newCode: 'New discount code',
  newHeading: 'New discount code',
  editHeading: (code: string) => `Edit ${code}`,
  loading: 'Loading discount codes…',
  empty: 'No discount codes yet',
  retry: 'Try again',
  code: 'Code',
  codeHint: 'Letters, digits, dashes or underscores; shoppers may type it in any case.',
  kind: 'What it takes off',
  percent: 'A percentage',
  fixed: 'A fixed amount',
  valuePercent: 'Percentage off (1 to 100)',
  valueFixed: 'Amount off, dollars',
  minSubtotal: 'Minimum subtotal, dollars (empty: none)',
  categories: 'Applies to these categories',
  categoriesHint:
    'None ticked (and no products): every item in the order. Gift cards are never discounted.',
  categoriesLoading: 'Loading the categories…',
  categoriesFailed: 'The categories could not be loaded.',
  productsLegend: 'Applies to these products',
  productsHint: 'Besides the categories ticked above. Type part of a name to find a product.',
  productsFilter: 'Find a product',
  productsLoading: 'Loading the products…',
  productsFailed: 'The products could not be loaded.',
  productsNone: 'No other product has that in its name.',
  startsOn: 'First day (empty: from today)',
  endsOn: 'Last day (empty: no end)',
  maxUses: 'Total uses (empty: no limit)',
  oncePerCustomer: 'Once per customer (by account, or by email for guests)',
  status: 'Status',
  active: 'Active',
  paused: 'Paused',
  save: 'Save discount code',
  saving: 'Saving…',
  cancel: 'Cancel',
  edit: 'Edit',
  pause: 'Pause',
  activate: 'Activate',
  fixErrors: 'Please correct the fields marked below.',
} as const;

export const emptyDiscountForm = (): DiscountFormValues => ({
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  categories: [],
  productIds: [],
  startsOn: '',
  endsOn: '',
  maxUses: '',
  oncePerCustomer: false,
  status: 'active',
});

/** A saved code as the form edits it. */
export function formOf(code: DiscountCodeDto): DiscountFormValues {
  return {
    code: code.code,
    kind: code.kind,
    value: String(code.value),
    minSubtotal: code.minSubtotal ? String(code.minSubtotal) : '',
    categories: [...code.categories],
    productIds: [...code.productIds],
    startsOn: code.startsOn ?? '',
    endsOn: code.endsOn ?? '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    oncePerCustomer: code.oncePerCustomer,
    status: code.status,
  };
}

/** A number typed in a field; empty or not a number is NaN, so the schema refuses it. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The sentence for a field the schema refused with its default words (a number missing). */
function fieldSentence(field: string, kind: DiscountKind): string | undefined {
  if (field === 'value') {
    return kind === 'percent'
      ? DISCOUNT_ADMIN_MESSAGES.percentRange
      : DISCOUNT_ADMIN_MESSAGES.fixedRange;
  }
  if (field === 'maxUses') return DISCOUNT_ADMIN_MESSAGES.usesRange;
  if (field === 'minSubtotal') return DISCOUNT_ADMIN_MESSAGES.minimumRange;
  return undefined;
}

/** The shop's own sentences, which the schema gives as they are. */
const OWN_SENTENCES = new Set<unknown>([
  ...Object.values(DISCOUNT_ADMIN_MESSAGES),
  ...Object.values(DISCOUNT_MESSAGES),
]);

/**
 * Checks the form with the shared schema: the body to send, or each field's sentence (the first
 * for each field). A number left empty reads as the field's range sentence.
 */
export function checkDiscountForm(
  values: DiscountFormValues,
): { ok: true; body: DiscountCodeInput } | { ok: false; errors: Record<string, string> } {
  const parsed = discountCodeInputSchema.safeParse({
    code: values.code,
    kind: values.kind,
    value: typedNumber(values.value),
    minSubtotal: values.minSubtotal.trim() === '' ? 0 : typedNumber(values.minSubtotal),
    categories: values.categories,
    productIds: values.productIds,
    startsOn: values.startsOn || null,
    endsOn: values.endsOn || null,
    maxUses: values.maxUses.trim() === '' ? null : typedNumber(values.maxUses),
    oncePerCustomer: values.oncePerCustomer,
    status: values.status,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (errors[field]) continue;
    const own = OWN_SENTENCES.has(issue.message);
    errors[field] = own ? issue.message : (fieldSentence(field, values.kind) ?? issue.message);
  }
  return { ok: false, errors };
}

/** "10 %" or "$5.00", and the minimum when there is one. */
export function takesOff(code: DiscountCodeDto): string {
  const amount = code.kind === 'percent' ? `${code.value} %` : formatDollars(code.value);
  return code.minSubtotal > 0 ? `${amount} on ${formatDollars(code.minSubtotal)} or more` : amount;
}

/** Its categories and products, or every item. */
export function appliesTo(code: DiscountCodeDto): string {
  const parts = [...code.categories];
  if (code.productIds.length > 0) {
    parts.push(
      `${code.productIds.length} ${code.productIds.length === 1 ? 'product' : 'products'}`,
    );
  }
  return parts.length > 0 ? parts.join(', ') : 'Every item';
}

/** Its first and last day, as far as it has them. */
export function datesOf(code: DiscountCodeDto): string {
  if (code.startsOn && code.endsOn) return `${code.startsOn} to ${code.endsOn}`;
  if (code.startsOn) return `From ${code.startsOn}`;
  if (code.endsOn) return `Until ${code.endsOn}`;
  return 'Any day';
}

/** "3 / 100" or "3 / no limit". */
export const usesOf = (code: DiscountCodeDto) =>
  `${code.uses} / ${code.maxUses === null ? 'no limit' : code.maxUses}`;
