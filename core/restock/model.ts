import { z } from 'zod';
import { emailField } from '../auth/model';
import { skuText } from '../plain-text';
import { PRODUCT_MESSAGES } from '../product/model';

/** POST /restock-alerts: wait for a sold-out product, or one sold-out variant or option of it. */
export const restockRequestBody = z.object({
  productId: z.uuid(PRODUCT_MESSAGES.productId),
  /** The variant or bundle option; absent for a product without variants. */
  sku: skuText.optional(),
  email: emailField(),
});
export type RestockRequestBody = z.infer<typeof restockRequestBody>;

/** GET /restock-alerts/stop?t=: the signed link in every back-in-stock email. */
export const restockStopQuery = z.object({ t: z.string().max(1000) });

/** POST /restock-alerts/confirm: the confirmation link's token, sent by its page's button. */
export const restockConfirmBody = z.object({ t: z.string().max(1000) });

/**
 * What a confirmation link names (issue 36), as its page shows it before anything is confirmed:
 * 'invalid' for an altered link, 'gone' for a request stopped, expired or already emailed.
 */
export type RestockConfirmation =
  { state: 'invalid' | 'gone' } | { state: 'waiting' | 'confirmed'; email: string; item: string };
