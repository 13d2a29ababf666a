import { Elysia } from 'elysia';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { OrderDependencies } from './confirm-order';
import { orderConfirmationSchema, quoteRequestSchema } from './model';
import { confirmOrder, quoteOrder } from './service';

/** Orders: the review page's quote and the order confirmation (spec §7). */
export const ordersModule = (deps: OrderDependencies) =>
  new Elysia({ name: 'orders', prefix: '/orders' })
    .use(sameSiteJson)
    .post('/quote', ({ body }) => quoteOrder(deps, body), { body: quoteRequestSchema })
    .post(
      '/orderconfirmation',
      async ({ body, request, set }) => {
        const { status, body: answer } = await confirmOrder(
          deps,
          body,
          request.headers.get('idempotency-key'),
        );
        set.status = status;
        return answer;
      },
      { body: orderConfirmationSchema },
    );
