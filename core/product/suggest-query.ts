import { z } from 'zod';
import { PRODUCT_MESSAGES } from './model';
import { boundSuggestText } from './suggest';

/**
 * GET /product/suggest?q= (the same 100-character bound as search), of which only the first 64
 * characters and 5 words are read (issue 36: `boundSuggestText`).
 */
export const suggestQuery = z.object({
  q: z
    .string({ error: PRODUCT_MESSAGES.text })
    .trim()
    .max(100, PRODUCT_MESSAGES.text)
    .default('')
    .transform(boundSuggestText),
});
