/**
 * The one reading of Accept-Encoding (RFC 9110 §12.5.3) for everything the server compresses:
 * pages, API JSON, the search page and built files. A coding listed with `q=0` is refused, which
 * is how a client says "never this one"; `identity` and `*` are not used to pick a compression.
 */
export type Encoding = 'br' | 'gzip';

/** The codings the server can send that a client's Accept-Encoding accepts. */
export interface AcceptedEncodings {
  br: boolean;
  gzip: boolean;
}

const NONE: AcceptedEncodings = Object.freeze({ br: false, gzip: false });

/** Whether one `name;q=…` entry's parameters give it a weight of zero. */
function refused(params: string): boolean {
  const q = /(?:^|;)\s*q\s*=\s*([\d.]+)/i.exec(params);
  return q !== null && Number(q[1]) === 0;
}

export function acceptedEncodings(header: string | null | undefined): AcceptedEncodings {
  if (!header) return NONE;
  let br = false;
  let gzip = false;
  for (const part of header.split(',')) {
    const semicolon = part.indexOf(';');
    const name = (semicolon === -1 ? part : part.slice(0, semicolon)).trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip' && name !== 'x-gzip') continue;
    if (semicolon !== -1 && refused(part.slice(semicolon))) continue;
    if (name === 'br') br = true;
    else gzip = true;
  }
  return br || gzip ? { br, gzip } : NONE;
}

/** The coding to answer with (brotli before gzip), or undefined to send the body as it is. */
export function negotiateEncoding(header: string | null | undefined): Encoding | undefined {
  const accepted = acceptedEncodings(header);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : undefined;
}
