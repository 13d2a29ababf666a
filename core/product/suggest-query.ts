import { z } from 'zod';
import { PRODUCT_MESSAGES } from './model';

/** GET /product/suggest?q= (the same 100-character bound as search). */
export const suggestQuery = z.object({
  q: z.string({ error: PRODUCT_MESSAGES.text }).trim().max(100, PRODUCT_MESSAGES.text).default(''),
});
