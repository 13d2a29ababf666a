/** Utilities every drawing shares: the seeded PRNG, ids, colours, gradients, clips, placement. */

/** Deterministic PRNG (mulberry32), re-seeded for every image. */
// Read by every drawing; reassigned only here (`startImage`).
export let rand: () => number = mulberry32(1);

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export const between = (lo: number, hi: number): number => lo + (hi - lo) * rand();
export const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
export const n = (v: number): number => Math.round(v * 10) / 10;

/** Per-image counter for gradient and clip-path ids. */
let idCounter = 0;
const uid = (prefix: string): string => `${prefix}${++idCounter}`;

function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mixes two hex colours; t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}

/** Lightens (amount > 0) or darkens (amount < 0) a colour. */
export const shade = (hex: string, amount: number): string =>
  amount >= 0 ? mix(hex, '#ffffff', amount) : mix(hex, '#10140f', -amount);

export function linear(stops: string[], vertical = true): { id: string; def: string } {
  const id = uid('g');
  const s = stops
    .map((c, i) => `<stop offset="${n(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`)
    .join('');
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return { id, def: `<linearGradient id="${id}" ${dir}>${s}</linearGradient>` };
}

/** Wraps drawing in a clip path. */
export function clip(shape: string, inner: string): string {
  const id = uid('c');
  return `<clipPath id="${id}">${shape}</clipPath><g clip-path="url(#${id})">${inner}</g>`;
}

export const shadow = (cx: number, cy: number, rx: number, ry = rx * 0.12, o = 0.18): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#1d2a22" opacity="${o}"/>`;

export const place = (inner: string, x: number, y: number, s: number, rot = 0): string =>
  `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot}) scale(${s})">${inner}</g>`;

export function dots(
  x: number,
  y: number,
  w: number,
  h: number,
  count: number,
  color: string,
  r: [number, number],
  o = 1,
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(x + rand() * w)}" cy="${n(y + rand() * h)}" r="${n(between(r[0], r[1]))}"/>`;
  }
  return `<g fill="${color}" opacity="${o}">${out}</g>`;
}

/** Starts an image: ids from 1 again, the PRNG seeded from `seedText` (the image path). */
export function startImage(seedText: string): void {
  idCounter = 0;
  rand = mulberry32(hash(seedText));
}
