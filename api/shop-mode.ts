/**
 * The shop's own mode (NODE_ENV as the operator set it) when the server entry has switched the
 * process to NODE_ENV=production for React and other libraries (server/start.ts). Kept on
 * `globalThis` so every bundle of this code reads the same value.
 */
const SHOP_MODE = Symbol.for('evergreen.shopMode');
type Holder = { [SHOP_MODE]?: { value: string | undefined } };

export function rememberShopMode(value: string | undefined): void {
  (globalThis as Holder)[SHOP_MODE] = { value };
}

/** The environment as the shop reads it: NODE_ENV as the operator set it. */
export function shopEnvironment(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const remembered = (globalThis as Holder)[SHOP_MODE];
  return remembered ? { ...source, NODE_ENV: remembered.value } : source;
}
