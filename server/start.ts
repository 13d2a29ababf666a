/**
 * `dist/serve.mjs`: the server always runs in production form. React (and every library that reads
 * NODE_ENV) picks its production build when first loaded, so NODE_ENV is set to `production`
 * before anything else is imported; the shop's own mode (development conveniences such as the
 * generated secret, the refusals of production) keeps the value the operator gave, handed to the
 * server (dist/serve-main.mjs, server/serve.ts), which api/config.ts reads through `shopMode`.
 */
const shopMode = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
const server = (await import(new URL('./serve-main.mjs', import.meta.url).href)) as {
  startServer(shopMode: string | undefined): void;
};
server.startServer(shopMode);
