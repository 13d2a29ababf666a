/**
 * The demo catalogue's data (catalogue.ts, types.ts) and the stable ids its products get. The
 * writer that loads it through the modules lives above them, in api/seed.
 */
import { createHash } from 'node:crypto';

const ID_NAMESPACE = 'evergreen-demo-catalogue';

/** A stable UUID (version 5 layout) for a seeded product, so links to it survive a re-seed. */
export function seedProductId(slug: string): string {
  const hex = createHash('sha1').update(`${ID_NAMESPACE}:${slug}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(18, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
