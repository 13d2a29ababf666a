/**
 * The shop's own mode (NODE_ENV as the operator set it) when the server entry has switched the
 * process to NODE_ENV=production for React and other libraries (server/start.ts hands it to
 * server/serve.ts, which remembers it here before anything reads the configuration).
 */
let remembered: { value: string | undefined } | undefined;

export function rememberShopMode(value: string | undefined): void {
  remembered = { value };
}

/** The environment as the shop reads it: NODE_ENV as the operator set it. */
export function shopEnvironment(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return remembered ? { ...source, NODE_ENV: remembered.value } : source;
}
