import { defineMiddleware } from 'astro:middleware';

/**
 * Every page rendered on request goes through the server's part of the page pipeline, handed to
 * it by the server entry (`locals.shop`, server/pages/pipeline.ts): catalogue pages kept per
 * version, security headers, then compression. Pages prerendered at build time have no server.
 */
export const onRequest = defineMiddleware((context, next) =>
  context.isPrerendered
    ? next()
    : context.locals.shop.pagePipeline(context.url, context.request, next),
);
