/**
 * A small reader of the .eml files nodemailer writes (and SMTP servers receive): the headers of the
 * message and the decoded text of each leaf part, so a test can tell header lines from content.
 */

export interface MimeEntity {
  /** Unfolded header lines, e.g. 'From: Evergreen <shop@evergreen.example>'. */
  headers: string[];
  /** The decoded content of a leaf part; '' for a multipart. */
  content: string;
  parts: MimeEntity[];
}

function header(headers: string[], name: string): string | undefined {
  const line = headers.find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable': {
      const unfolded = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let index = 0; index < unfolded.length; index += 1) {
        const hex = unfolded.slice(index + 1, index + 3);
        if (unfolded[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          index += 2;
        } else {
          bytes.push(...Buffer.from(unfolded[index]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

export function parseEml(raw: string): MimeEntity {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers: string[] = [];
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && headers.length > 0) headers[headers.length - 1] += ` ${line.trim()}`;
    else headers.push(line);
  }
  const type = header(headers, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return {
      headers,
      content: decode(body, header(headers, 'Content-Transfer-Encoding')),
      parts: [],
    };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => parseEml(part.replace(/^\n/, '').replace(/\n$/, '')));
  return { headers, content: '', parts };
}

/** Every leaf part of a message, depth first. */
export function leafParts(entity: MimeEntity): MimeEntity[] {
  return entity.parts.length === 0 ? [entity] : entity.parts.flatMap(leafParts);
}

export function partOfType(entity: MimeEntity, type: string): MimeEntity | undefined {
  return leafParts(entity).find((part) =>
    (header(part.headers, 'Content-Type') ?? 'text/plain').toLowerCase().startsWith(type),
  );
}
