import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Elysia } from 'elysia';
import type { RateLimitPlugin, RateRule } from '../../../plugins/rate-limit';
import type { AuthPlugin } from '../../auth';
import { sameSiteJson } from '../../../plugins/same-site-json';
import {
  DOWNLOAD_MESSAGES,
  freshLinksRequestSchema,
  reissueBody,
  type FreshLinksRequest,
} from '../../../../core/downloads/model';
import type { DownloadDependencies } from './grants';
import { customerDownloads, reissueForCustomer, requestFreshLinks } from './reissue';
import { checkDownload, useDownload, type DownloadOutcome } from './use-link';

export interface DownloadsModuleDeps extends DownloadDependencies {
  auth: AuthPlugin;
  limits: RateLimitPlugin;
}

/** A guest may ask for fresh links a few times an hour: per address, and per order. */
const FRESH_LINK_RULES: RateRule[] = [
  {
    name: 'downloads.request.ip',
    limit: 10,
    windowSeconds: 60 * 60,
    key: ({ ip }) => ip,
    message: DOWNLOAD_MESSAGES.tooMany,
  },
  {
    name: 'downloads.request.order',
    limit: 5,
    windowSeconds: 60 * 60,
    key: ({ body }) => String((body as FreshLinksRequest).orderNumber),
    message: DOWNLOAD_MESSAGES.tooMany,
  },
];

/**
 * A signed-in customer's fresh links, per address: enough for an order page of photos, and a
 * bound on requests the per-order cap (DOWNLOAD_MAX_REISSUES) would refuse anyway.
 */
const REISSUE_RULES: RateRule[] = [
  {
    name: 'downloads.reissue.ip',
    limit: 20,
    windowSeconds: 60 * 60,
    key: ({ ip }) => ip,
    message: DOWNLOAD_MESSAGES.tooMany,
  },
];

/**
 * Digital products (DECISIONS: Digital products are delivered): GET /downloads/<token> sends a
 * paid photo's full-resolution file, or sends the browser to /download/<reason> saying why not and
 * how to get a fresh link (HEAD says the same and counts no download); POST /downloads/request
 * emails a guest fresh links; a signed-in customer lists their downloads (GET /downloads/mine) and
 * makes a fresh link (POST /downloads/reissue) for a line of their own order, a few times an order.
 */
export const downloadsModule = (deps: DownloadsModuleDeps) =>
  new Elysia({ name: 'downloads', prefix: '/downloads' })
    .use(sameSiteJson)
    .use(deps.limits)
    .use(deps.auth)
    .get(
      '/mine',
      ({ user, set }) => {
        set.headers['cache-control'] = 'private, no-store';
        return customerDownloads(deps.db, { ...user, emailVerified: user.row.emailVerified });
      },
      { auth: true },
    )
    .post(
      '/reissue',
      async ({ body, user, set }) => {
        set.headers['cache-control'] = 'private, no-store';
        const link = await reissueForCustomer(
          deps,
          { ...user, emailVerified: user.row.emailVerified },
          body,
        );
        return { link };
      },
      { auth: true, body: reissueBody, rateLimit: REISSUE_RULES },
    )
    .post(
      '/request',
      async ({ body }) => {
        await requestFreshLinks(deps, body);
        return { message: DOWNLOAD_MESSAGES.requested };
      },
      { body: freshLinksRequestSchema, parse: 'json', rateLimit: FRESH_LINK_RULES },
    )
    .get('/:token', async ({ params, request }) =>
      // A look before the download (a browser, a mail scanner) says the same and counts nothing.
      // Elysia answers HEAD with this GET route (its own HEAD handling would shadow a .head route
      // here), measures the body for content-length and sends none of it.
      request.method === 'HEAD'
        ? answer(await checkDownload(deps.db, params.token))
        : answer(await useDownload(deps.db, params.token)),
    );

/**
 * A download's answer: the file as an attachment, or a redirect to the page that says why not.
 * The token is in the address: nothing may keep the answer or pass the address on to another site.
 */
function answer(outcome: DownloadOutcome): Response {
  const privately = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };
  if (outcome.kind === 'refused') {
    return new Response(null, {
      status: 303,
      headers: { ...privately, location: `/download/${outcome.reason}` },
    });
  }
  const file = Readable.toWeb(createReadStream(outcome.path)) as ReadableStream<Uint8Array>;
  return new Response(file, {
    status: 200,
    headers: {
      ...privately,
      'content-type': 'image/jpeg',
      'content-length': String(outcome.size),
      'content-disposition': `attachment; filename="${outcome.filename}"`,
      'x-content-type-options': 'nosniff',
    },
  });
}
