/** Small motifs (fronds, trees, salmon) and the item backdrops. */
import { between, dots, linear, n, pick, rand, shade } from './svg';

/** A fern frond growing up from (x, y), tilted by `angle` degrees. */
export function frond(
  x: number,
  y: number,
  len: number,
  angle: number,
  color: string,
  pairs = 12,
): string {
  let leaves = '';
  for (let i = 1; i <= pairs; i++) {
    const t = i / (pairs + 1);
    const py = -len * t;
    const ll = len * 0.28 * (1 - t * 0.8) + 4;
    for (const side of [-1, 1]) {
      const cx = (side * ll) / 2;
      leaves += `<ellipse cx="${n(cx)}" cy="${n(py - ll * 0.12)}" rx="${n(ll / 2)}" ry="${n(ll * 0.16 + 1)}" transform="rotate(${side * -18} 0 ${n(py)})"/>`;
    }
  }
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle})" fill="${color}"><path d="M0 0 Q${n(len * 0.05)} ${n(-len / 2)} 0 ${n(-len)}" stroke="${color}" stroke-width="${n(Math.max(2, len / 70))}" fill="none"/>${leaves}</g>`;
}

/** A stylised evergreen tree standing on (x, y). */
export function tree(x: number, y: number, h: number, color: string, tiers = 4): string {
  const w = h * 0.42;
  let out = `<rect x="${n(x - h * 0.03)}" y="${n(y - h * 0.12)}" width="${n(h * 0.06)}" height="${n(h * 0.12)}" fill="${shade(color, -0.4)}"/>`;
  for (let i = 0; i < tiers; i++) {
    const top = y - h + (i * h * 0.7) / tiers;
    const bottom = top + h * 0.42;
    const half = (w * (i + 1.4)) / (tiers + 0.4) / 2;
    out += `<path d="M${n(x)} ${n(top)} L${n(x + half)} ${n(bottom)} L${n(x - half)} ${n(bottom)} Z" fill="${color}"/>`;
  }
  return out;
}

/** A leaping salmon, nose pointing right, centred on (0, 0), about 200 units long. */
export function salmon(body: string, head: string, fin: string): string {
  return (
    `<path d="M-100 0 L-130 -28 L-124 0 L-130 28 Z" fill="${fin}"/>` +
    `<path d="M-110 0 C-60 -44 40 -52 90 -14 Q104 0 90 14 C40 50 -60 44 -110 0 Z" fill="${body}"/>` +
    `<path d="M50 -36 C72 -32 92 -22 100 -4 Q104 4 92 14 C80 24 64 30 50 34 Q40 0 50 -36 Z" fill="${head}"/>` +
    `<path d="M-10 -40 L10 -62 L24 -42 Z M-20 36 L-4 54 L10 38 Z" fill="${fin}"/>` +
    `<circle cx="78" cy="-8" r="5" fill="#f4ead2"/><circle cx="79" cy="-8" r="2.5" fill="#111"/>`
  );
}

const BACKDROPS: [string, string, string][] = [
  ['#eef3ea', '#dde8d8', '#cbdcc4'], // sage
  ['#f5eee3', '#eadfcc', '#dccbb0'], // linen
  ['#e8eff4', '#d6e3ec', '#c0d3e0'], // mist blue
  ['#f7ece6', '#eedbd0', '#e2c6b7'], // blush
  ['#f0efe8', '#e0dfd2', '#cfcdbb'], // stone
  ['#eaf3f1', '#d3e6e1', '#bcd8d0'], // sea glass
  ['#f6f0dd', '#ebe0bd', '#ddcd9e'], // wheat
  ['#efebf3', '#dfd8e8', '#cbc1da'], // lavender
];

export type Deco = 'fronds' | 'rain' | 'circles' | 'dots';

export function backdrop(w: number, h: number, index: number, forced?: Deco): string {
  const [top, bottom, floor] = BACKDROPS[index % BACKDROPS.length] as [string, string, string];
  const sky = linear([top, bottom]);
  const ground = linear([floor, shade(floor, 0.25)]);
  const floorY = h * 0.7;
  const deco = forced ?? pick<Deco>(['fronds', 'rain', 'circles', 'dots']);
  let extra: string;
  const ink = shade(bottom, -0.12);
  if (deco === 'fronds') {
    extra = `<g opacity="0.35">${frond(w * 0.08, floorY, h * 0.45, 18, ink, 9)}${frond(w * 0.93, floorY, h * 0.38, -22, ink, 8)}</g>`;
  } else if (deco === 'rain') {
    let lines = '';
    for (let i = 0; i < 40; i++) {
      const x = rand() * w;
      const y = rand() * floorY * 0.95;
      lines += `M${n(x)} ${n(y)} l-6 18 `;
    }
    extra = `<path d="${lines}" stroke="${ink}" stroke-width="3" stroke-linecap="round" opacity="0.45"/>`;
  } else if (deco === 'circles') {
    extra = `<circle cx="${n(w * between(0.15, 0.3))}" cy="${n(h * 0.2)}" r="${n(h * 0.18)}" fill="#ffffff" opacity="0.45"/><circle cx="${n(w * between(0.72, 0.88))}" cy="${n(h * 0.34)}" r="${n(h * 0.1)}" fill="${ink}" opacity="0.18"/>`;
  } else {
    extra = dots(0, 0, w, floorY, 60, ink, [2, 4], 0.35);
  }
  return (
    `<defs>${sky.def}${ground.def}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${sky.id})"/>${extra}` +
    `<rect y="${n(floorY)}" width="${w}" height="${n(h - floorY)}" fill="url(#${ground.id})"/>` +
    `<rect y="${n(floorY)}" width="${w}" height="3" fill="#ffffff" opacity="0.5"/>`
  );
}
