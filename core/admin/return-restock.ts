import { z } from 'zod';

export const RESTOCK_MESSAGES = {
  units: 'Enter the units that go back on sale: a whole number from 0 to the units returned.',
  lineNotReturned: 'This line is not part of the return.',
} as const;

/**
 * POST /admin/returns/:id/receive, and the back office's return dialog: per returned line, how
 * many units go back on sale (issue 25 point 4). The form offers every returned unit, or none of a
 * line marked damaged; a line left out (or an older client's empty body) puts nothing back.
 */
export const receiveBody = z.object({
  restock: z
    .array(
      z.object({
        orderItemId: z.uuid({ error: RESTOCK_MESSAGES.lineNotReturned }),
        quantity: z.coerce
          .number({ error: RESTOCK_MESSAGES.units })
          .int(RESTOCK_MESSAGES.units)
          .min(0, RESTOCK_MESSAGES.units)
          .max(1000, RESTOCK_MESSAGES.units),
      }),
    )
    .max(50)
    .default([]),
});
export type ReceiveBody = z.infer<typeof receiveBody>;
