// Module hooks of `npm run dev` (server/dev.ts): a module of the project imported by one marked
// `?shop-gen=N` is marked too, so each opening of the shop loads its own copy of the project's
// modules (api/, core/, server/, src/lib/) while packages under node_modules are loaded once.

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const generation = context.parentURL && /[?&]shop-gen=(\d+)/.exec(context.parentURL)?.[1];
  if (!generation || !result.url.startsWith('file:') || result.url.includes('/node_modules/')) {
    return result;
  }
  const url = new URL(result.url);
  url.searchParams.set('shop-gen', generation);
  return { ...result, url: url.href };
}
