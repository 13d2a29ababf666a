/** JSON encoding for persisted stores; a corrupt stored value falls back to the default. */
export function jsonCodec<T>(fallback: T) {
  return {
    encode: (value: T) => JSON.stringify(value),
    decode: (raw: string): T => {
      try {
        return JSON.parse(raw) as T;
      } catch {
        return fallback;
      }
    },
  };
}
