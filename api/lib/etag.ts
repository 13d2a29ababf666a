/**
 * Whether an If-None-Match header names this ETag, or is `*`. If-None-Match compares weakly
 * (RFC 9110 §13.1.2): `W/"v1"` and `"v1"` name the same version. The one ETag check of the shop:
 * catalogue JSON (api/modules/catalogue/http.ts), kept pages and built files (server/).
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const listed of ifNoneMatch.split(',')) {
    const tag = listed.trim();
    if (tag === '*' || tag === bare || (tag.startsWith('W/') && tag.slice(2) === bare)) return true;
  }
  return false;
}
