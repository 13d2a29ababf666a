/**
 * Draws the product artwork for the demo catalogue: one SVG illustration per distinct image path
 * referenced by `api/db/seed/catalogue.ts`, rendered with sharp to WebP under
 * `public/images/products/`. Run with `npx tsx scripts/generate-images.ts` (or `npm run images`);
 * pass parts of file names as arguments to redraw only those images.
 *
 * Every drawing is plain vector shapes (no text, so no fonts are needed) and any randomness comes
 * from a PRNG seeded by the image path, so the output is the same on every run.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { products } from '../api/db/seed/catalogue';
import type { SeedProduct } from '../api/db/seed/types';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');
/**
 * The photo downloads' full-resolution files, at the size their details promise: private (never
 * under public/), sent only through a paid order's download link (api/modules/downloads).
 */
const DOWNLOADS = join(ROOT, 'api', 'assets', 'downloads');

// ---------------------------------------------------------------------------- utilities

/** Deterministic PRNG (mulberry32), re-seeded for every image. */
let rand: () => number = mulberry32(1);

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

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const between = (lo: number, hi: number): number => lo + (hi - lo) * rand();
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const n = (v: number): number => Math.round(v * 10) / 10;

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
const shade = (hex: string, amount: number): string =>
  amount >= 0 ? mix(hex, '#ffffff', amount) : mix(hex, '#10140f', -amount);

function linear(stops: string[], vertical = true): { id: string; def: string } {
  const id = uid('g');
  const s = stops
    .map((c, i) => `<stop offset="${n(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`)
    .join('');
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return { id, def: `<linearGradient id="${id}" ${dir}>${s}</linearGradient>` };
}

/** Wraps drawing in a clip path. */
function clip(shape: string, inner: string): string {
  const id = uid('c');
  return `<clipPath id="${id}">${shape}</clipPath><g clip-path="url(#${id})">${inner}</g>`;
}

const shadow = (cx: number, cy: number, rx: number, ry = rx * 0.12, o = 0.18): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#1d2a22" opacity="${o}"/>`;

const place = (inner: string, x: number, y: number, s: number, rot = 0): string =>
  `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot}) scale(${s})">${inner}</g>`;

function dots(
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

// ---------------------------------------------------------------------------- small motifs

/** A fern frond growing up from (x, y), tilted by `angle` degrees. */
function frond(
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
function tree(x: number, y: number, h: number, color: string, tiers = 4): string {
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
function salmon(body: string, head: string, fin: string): string {
  return (
    `<path d="M-100 0 L-130 -28 L-124 0 L-130 28 Z" fill="${fin}"/>` +
    `<path d="M-110 0 C-60 -44 40 -52 90 -14 Q104 0 90 14 C40 50 -60 44 -110 0 Z" fill="${body}"/>` +
    `<path d="M50 -36 C72 -32 92 -22 100 -4 Q104 4 92 14 C80 24 64 30 50 34 Q40 0 50 -36 Z" fill="${head}"/>` +
    `<path d="M-10 -40 L10 -62 L24 -42 Z M-20 36 L-4 54 L10 38 Z" fill="${fin}"/>` +
    `<circle cx="78" cy="-8" r="5" fill="#f4ead2"/><circle cx="79" cy="-8" r="2.5" fill="#111"/>`
  );
}

// ---------------------------------------------------------------------------- backdrops

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

type Deco = 'fronds' | 'rain' | 'circles' | 'dots';

function backdrop(w: number, h: number, index: number, forced?: Deco): string {
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

// ---------------------------------------------------------------------------- landscape scenes

type Scene =
  | 'mountain'
  | 'seastacks'
  | 'ferry'
  | 'dusk'
  | 'palouse'
  | 'forest'
  | 'fern'
  | 'linocut'
  | 'ridges';

/** A landscape drawn in a 1200 × 800 box. */
function scene(kind: Scene): string {
  const W = 1200;
  const H = 800;
  const treeLine = (y: number, count: number, hRange: [number, number], color: string) => {
    let out = '';
    for (let i = 0; i < count; i++) {
      out += tree(
        (i / (count - 1)) * W + between(-20, 20),
        y + between(0, 30),
        between(...hRange),
        color,
        4,
      );
    }
    return out;
  };
  switch (kind) {
    case 'mountain': {
      const sky = linear(['#7f9cc7', '#c9b4c8', '#f6c3a0', '#fbe1c0']);
      return (
        `<defs>${sky.def}</defs><rect width="${W}" height="${H}" fill="url(#${sky.id})"/>` +
        `<circle cx="930" cy="470" r="70" fill="#fff2d8" opacity="0.8"/>` +
        `<path d="M0 600 L260 520 C400 440 500 250 570 215 Q600 200 632 216 C720 270 800 430 960 510 L1200 590 L1200 800 L0 800 Z" fill="#7b87a8"/>` +
        `<path d="M600 206 C720 270 800 430 960 510 L1200 590 L1200 800 L620 800 Z" fill="#5f6b8e"/>` +
        `<path d="M470 340 C510 290 545 232 570 215 Q600 200 632 216 C668 240 700 290 735 345 L700 330 L672 362 L640 320 L606 356 L580 318 L548 350 L520 328 L495 352 Z" fill="#fde9e4"/>` +
        `<path d="M600 206 Q618 204 632 216 C668 240 700 290 735 345 L700 330 L672 362 L640 320 L612 300 Z" fill="#e9c9cf"/>` +
        `<path d="M0 640 Q300 580 600 630 T1200 610 L1200 800 L0 800 Z" fill="#3c5a52"/>` +
        treeLine(700, 26, [90, 170], '#1f3a2e') +
        treeLine(760, 22, [110, 200], '#17302a')
      );
    }
    case 'seastacks': {
      const sky = linear(['#b8c4c8', '#dde3e1', '#eef0ec']);
      const sea = linear(['#8aa5a8', '#5d7d85']);
      const stack = (x: number, w: number, h: number, c: string) =>
        `<path d="M${x} 560 L${x + w * 0.08} ${560 - h * 0.7} Q${x + w * 0.2} ${560 - h} ${x + w * 0.5} ${560 - h} Q${x + w * 0.8} ${560 - h * 0.98} ${x + w * 0.9} ${560 - h * 0.6} L${x + w} 560 Z" fill="${c}"/>` +
        tree(x + w * 0.35, 566 - h, h * 0.22, shade(c, 0.1), 3) +
        tree(x + w * 0.6, 564 - h, h * 0.28, shade(c, 0.1), 3) +
        `<path d="M${x - 30} 565 q30 -14 60 0 t60 0 t60 0" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.8" transform="translate(${n(w * 0.2)} 0)"/>`;
      return (
        `<defs>${sky.def}${sea.def}</defs><rect width="${W}" height="${H}" fill="url(#${sky.id})"/>` +
        `<rect y="470" width="${W}" height="330" fill="url(#${sea.id})"/>` +
        stack(720, 200, 260, '#5a6264') +
        stack(130, 260, 380, '#343b3d') +
        stack(430, 150, 300, '#3e4648') +
        stack(960, 120, 170, '#6a7375') +
        `<rect y="380" width="${W}" height="120" fill="#ffffff" opacity="0.35"/>` +
        `<path d="M0 640 Q300 610 600 640 T1200 630 L1200 800 L0 800 Z" fill="#b9ad96"/>` +
        `<path d="M0 640 Q300 610 600 640 T1200 630" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.7"/>` +
        `<path d="M120 720 Q420 700 700 730" stroke="#d7cdb8" stroke-width="14" fill="none" opacity="0.7"/>`
      );
    }
    case 'ferry':
    case 'dusk': {
      const dusk = kind === 'dusk';
      const sky = linear(dusk ? ['#3c4a7a', '#a8799c', '#f3a98f'] : ['#7fc0e8', '#cfe9f6']);
      const sea = linear(dusk ? ['#6a6388', '#2e3558'] : ['#3f87b5', '#245d86']);
      const far = dusk ? '#6a5f86' : '#7fa7a0';
      const near = dusk ? '#2b2c48' : '#3f7150';
      const ferry =
        `<g transform="translate(560 520)">` +
        `<path d="M-260 0 L260 0 L230 58 L-230 58 Z" fill="#f4f4ef"/>` +
        `<rect x="-240" y="30" width="480" height="16" fill="#2f7d4f"/>` +
        `<path d="M-230 58 L230 58 L220 72 L-220 72 Z" fill="#1c2a24"/>` +
        `<rect x="-180" y="-48" width="360" height="48" fill="#f4f4ef"/>` +
        `<rect x="-110" y="-92" width="220" height="44" fill="#f4f4ef"/>` +
        `<rect x="-22" y="-132" width="44" height="40" fill="#2f7d4f"/>` +
        `<rect x="-22" y="-132" width="44" height="10" fill="#1c2a24"/>` +
        Array.from(
          { length: 12 },
          (_, i) => `<rect x="${-168 + i * 29}" y="-36" width="18" height="14" fill="#33424a"/>`,
        ).join('') +
        Array.from(
          { length: 6 },
          (_, i) => `<rect x="${-96 + i * 33}" y="-80" width="20" height="14" fill="#33424a"/>`,
        ).join('') +
        `</g>`;
      const glow = dusk ? `<circle cx="260" cy="410" r="60" fill="#ffd9a8" opacity="0.8"/>` : '';
      return (
        `<defs>${sky.def}${sea.def}</defs><rect width="${W}" height="${H}" fill="url(#${sky.id})"/>${glow}` +
        `<path d="M0 430 Q200 360 420 410 Q640 450 820 380 Q1000 330 1200 400 L1200 470 L0 470 Z" fill="${far}"/>` +
        `<rect y="460" width="${W}" height="340" fill="url(#${sea.id})"/>` +
        `<path d="M820 470 Q960 380 1200 420 L1200 480 Z" fill="${near}"/>` +
        Array.from({ length: 9 }, (_, i) =>
          tree(850 + i * 42 + between(-10, 10), 468 - i * 3, between(40, 80), near, 3),
        ).join('') +
        `<path d="M300 590 L-40 760 M300 600 L80 800 M820 590 L1240 760 M820 600 L1080 800" stroke="#ffffff" stroke-width="8" opacity="0.55"/>` +
        ferry +
        `<path d="M0 700 q40 -8 80 0 t80 0 M700 740 q40 -8 80 0 t80 0 M980 660 q30 -6 60 0 t60 0" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.4"/>`
      );
    }
    case 'palouse': {
      const sky = linear(['#6fb0e0', '#cfe7f5']);
      const band = (y: number, amp: number, c: string) =>
        `<path d="M0 ${y} Q200 ${y - amp} 420 ${y - amp * 0.2} T820 ${y - amp * 0.4} T1200 ${y - amp * 0.1} L1200 800 L0 800 Z" fill="${c}"/>`;
      const lines = (y: number, c: string) =>
        Array.from({ length: 5 }, (_, i) => {
          const yy = y + 20 + i * 18;
          return `<path d="M0 ${yy} Q200 ${yy - 60} 420 ${yy - 12} T820 ${yy - 24} T1200 ${yy - 6}" stroke="${c}" stroke-width="4" fill="none" opacity="0.5"/>`;
        }).join('');
      return (
        `<defs>${sky.def}</defs><rect width="${W}" height="${H}" fill="url(#${sky.id})"/>` +
        `<g fill="#ffffff" opacity="0.9"><ellipse cx="250" cy="140" rx="110" ry="30"/><ellipse cx="320" cy="120" rx="70" ry="36"/><ellipse cx="860" cy="200" rx="140" ry="28"/><ellipse cx="920" cy="180" rx="70" ry="32"/></g>` +
        band(400, 80, '#8fb25a') +
        band(470, 120, '#d9bd62') +
        lines(470, '#b99b45') +
        band(560, 100, '#7ca848') +
        lines(560, '#62893a') +
        band(640, 140, '#e1c878') +
        lines(640, '#c2a65c') +
        band(730, 90, '#6f9d41') +
        `<g transform="translate(780 470)"><rect x="0" y="0" width="70" height="48" fill="#a8322b"/><path d="M-8 2 L35 -30 L78 2 Z" fill="#6b2420"/><rect x="26" y="18" width="18" height="30" fill="#f1e6d0"/></g>`
      );
    }
    case 'forest': {
      const sky = linear(['#d8e6c8', '#a7c48e', '#6f9a5c']);
      let trunks = '';
      for (const [x, w] of [
        [140, 70],
        [420, 110],
        [700, 60],
        [930, 120],
        [1120, 70],
      ] as const) {
        trunks +=
          `<path d="M${x - w / 2} 800 Q${x - w / 2 + 10} 400 ${x - w / 3} 0 L${x + w / 3} 0 Q${x + w / 2 - 10} 400 ${x + w / 2} 800 Z" fill="#5b5a45"/>` +
          dots(x - w / 2, 0, w, 800, 26, '#7fa346', [10, w / 3]) +
          `<path d="M${x - w / 2} 260 q-10 60 0 120 M${x + w / 2} 180 q12 70 0 140 M${x} 420 q-12 50 4 110" stroke="#a6c463" stroke-width="10" stroke-linecap="round" fill="none"/>`;
      }
      let ferns = '';
      for (let i = 0; i < 14; i++) {
        ferns += frond(
          between(0, W),
          820,
          between(180, 280),
          between(-50, 50),
          pick(['#3f6f35', '#4f8a3f', '#2f5a2b']),
          10,
        );
      }
      return (
        `<defs>${sky.def}</defs><rect width="${W}" height="${H}" fill="url(#${sky.id})"/>` +
        `<g opacity="0.35">${treeLine(520, 14, [260, 380], '#587e4a')}</g>` +
        `<path d="M300 0 L420 0 L760 800 L520 800 Z M820 0 L880 0 L1060 800 L940 800 Z" fill="#ffffff" opacity="0.18"/>` +
        trunks +
        `<rect width="${W}" height="${H}" fill="#e8f0dc" opacity="0.12"/>` +
        ferns
      );
    }
    case 'fern':
      return (
        `<rect width="${W}" height="${H}" fill="#f3ebd6"/>` +
        frond(600, 760, 700, 8, '#3f6b3a', 18) +
        `<rect x="20" y="20" width="1160" height="760" fill="none" stroke="#d8ccb0" stroke-width="6"/>`
      );
    case 'linocut': {
      let waves = '';
      for (let i = 0; i < 6; i++) {
        const y = 560 + i * 42;
        waves += `<path d="M-20 ${y} q50 -30 100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0 t100 0" stroke="#2d5f8a" stroke-width="14" fill="none"/>`;
      }
      let cuts = '';
      for (let i = 0; i < 18; i++) {
        const x = between(-80, 40);
        const y = between(-24, 24);
        cuts += `M${n(x)} ${n(y)} l${n(between(10, 20))} ${n(between(-3, 3))} `;
      }
      return (
        `<rect width="${W}" height="${H}" fill="#f1e6cf"/>` +
        waves +
        `<g transform="translate(600 380) rotate(-28) scale(2.4)">${salmon('#c8372d', '#2f3b2c', '#8e221c')}<path d="${cuts}" stroke="#f1e6cf" stroke-width="2.5" stroke-linecap="round"/></g>` +
        `<g fill="#2d5f8a"><circle cx="330" cy="520" r="9"/><circle cx="300" cy="470" r="6"/><circle cx="880" cy="300" r="8"/></g>`
      );
    }
    case 'ridges': {
      const sky = linear(['#f28a4b', '#f7c37a', '#fbe2b0']);
      const ridge = (y: number, c: string, amp: number) =>
        `<path d="M0 ${y} L150 ${y - amp} L300 ${y - amp * 0.3} L470 ${y - amp * 1.1} L640 ${y - amp * 0.2} L820 ${y - amp * 0.9} L1000 ${y - amp * 0.1} L1200 ${y - amp * 0.7} L1200 800 L0 800 Z" fill="${c}"/>`;
      return (
        `<defs>${sky.def}</defs><rect width="${W}" height="${H}" fill="url(#${sky.id})"/>` +
        `<circle cx="600" cy="330" r="110" fill="#fff3d6"/>` +
        ridge(430, '#9fb6d3', 120) +
        ridge(520, '#6f8fb8', 140) +
        ridge(620, '#46669a', 150) +
        ridge(720, '#2b4473', 130)
      );
    }
  }
}

/** A scene in a box, cropped to fill it. */
const sceneBox = (kind: Scene, x: number, y: number, w: number, h: number): string =>
  `<svg x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice">${scene(kind)}</svg>`;

// ---------------------------------------------------------------------------- item drawings
// Each returns SVG for an 800 × 800 canvas, item resting on a floor near y = 600–640.

function mug(c: string, opts: { band?: string; enamel?: string; steam?: boolean } = {}): string {
  const body = linear([shade(c, 0.12), c, shade(c, -0.18)], false);
  const rim = opts.enamel ?? shade(c, -0.12);
  const handle = opts.enamel ?? c;
  let out =
    `<defs>${body.def}</defs>` +
    shadow(400, 612, 230, 24) +
    `<path d="M520 340 C650 340 650 540 520 540" stroke="${handle}" stroke-width="38" fill="none" stroke-linecap="round"/>` +
    `<path d="M250 290 L250 560 Q250 615 305 615 L465 615 Q520 615 520 560 L520 290 Z" fill="url(#${body.id})"/>`;
  if (opts.band) {
    out += `<rect x="250" y="410" width="270" height="44" fill="${opts.band}"/>`;
    let boughs = '';
    for (let x = 266; x < 515; x += 34) {
      boughs += `M${x} 432 l12 -9 M${x} 432 l12 9 M${x} 432 l24 0 `;
    }
    out += `<path d="${boughs}" stroke="${shade(c, -0.2)}" stroke-width="3" fill="none"/>`;
  }
  if (!opts.enamel) out += dots(262, 300, 250, 300, 90, shade(c, -0.35), [1.5, 3.5], 0.6);
  out +=
    `<ellipse cx="385" cy="290" rx="135" ry="30" fill="${shade(c, -0.05)}" stroke="${rim}" stroke-width="${opts.enamel ? 10 : 4}"/>` +
    `<ellipse cx="385" cy="296" rx="118" ry="20" fill="${opts.enamel ? '#6b4a33' : shade(c, -0.3)}"/>` +
    `<rect x="280" y="330" width="22" height="220" rx="11" fill="#ffffff" opacity="0.22"/>`;
  if (opts.steam) {
    out += `<path d="M350 250 q-20 -40 0 -80 t0 -80 M420 250 q20 -40 0 -80 t0 -70" stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.7"/>`;
  }
  return out;
}

function bowl(c: string, opts: { berries?: boolean; water?: boolean; low?: boolean } = {}): string {
  const top = opts.low ? 470 : 400;
  const depth = opts.low ? 140 : 210;
  const half = opts.low ? 250 : 220;
  const g = linear([shade(c, 0.15), c, shade(c, -0.25)], false);
  let out =
    `<defs>${g.def}</defs>` +
    shadow(400, top + depth + 10, half * 0.8, 22) +
    `<rect x="${400 - half * 0.35}" y="${top + depth - 20}" width="${half * 0.7}" height="28" rx="8" fill="#e8dcc4"/>` +
    `<path d="M${400 - half} ${top} Q${400 - half} ${top + depth} 400 ${top + depth} Q${400 + half} ${top + depth} ${400 + half} ${top} Z" fill="url(#${g.id})"/>` +
    `<ellipse cx="400" cy="${top}" rx="${half}" ry="${half * 0.22}" fill="${shade(c, -0.35)}"/>` +
    `<ellipse cx="400" cy="${top}" rx="${half}" ry="${half * 0.22}" fill="none" stroke="${shade(c, 0.25)}" stroke-width="8"/>`;
  if (opts.water) {
    out += `<ellipse cx="400" cy="${top + 8}" rx="${half - 26}" ry="${half * 0.16}" fill="#a9d3e6" opacity="0.85"/><ellipse cx="360" cy="${top + 2}" rx="60" ry="8" fill="#ffffff" opacity="0.6"/>`;
  }
  if (opts.berries) {
    const berries: [number, number][] = [];
    for (let i = 0; i < 46; i++) {
      const dx = (rand() * 2 - 1) * (half - 46);
      const rise = 80 * (1 - (dx / (half - 30)) ** 2);
      berries.push([400 + dx, top + 6 - rand() * rise]);
    }
    berries.sort((p, q) => p[1] - q[1]);
    for (const [x, y] of berries) {
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(15, 19))}" fill="${pick(['#2c2752', '#3a2f63', '#252040'])}"/><circle cx="${n(x - 5)}" cy="${n(y - 6)}" r="4.5" fill="#c9c3e6" opacity="0.55"/>`;
    }
  }
  return (
    out + dots(400 - half * 0.7, top + 40, half * 1.4, depth - 70, 40, shade(c, 0.3), [1.5, 3], 0.6)
  );
}

function pitcher(c: string): string {
  const g = linear([shade(c, 0.2), c, shade(c, -0.25)], false);
  return (
    `<defs>${g.def}</defs>` +
    shadow(400, 628, 200, 22) +
    `<path d="M500 290 C620 290 640 470 500 520" stroke="${shade(c, -0.1)}" stroke-width="34" fill="none" stroke-linecap="round"/>` +
    `<path d="M300 220 L250 180 L330 200 L480 200 Q500 260 520 330 Q560 520 490 620 L310 620 Q240 520 280 330 Q295 270 300 220 Z" fill="url(#${g.id})"/>` +
    `<ellipse cx="392" cy="202" rx="90" ry="14" fill="${shade(c, -0.4)}"/>` +
    `<path d="M300 205 L250 180 L320 196 Z" fill="${shade(c, -0.2)}"/>` +
    `<rect x="300" y="300" width="20" height="250" rx="10" fill="#ffffff" opacity="0.22"/>` +
    `<rect x="300" y="600" width="200" height="22" rx="6" fill="#e8dcc4"/>`
  );
}

function cuttingBoard(c: string): string {
  let grain = '';
  for (let i = 0; i < 14; i++) {
    const x = 265 + i * 20 + between(-4, 4);
    grain += `<path d="M${n(x)} 200 Q${n(x + between(-16, 16))} 400 ${n(x + between(-8, 8))} 640" stroke="${shade(c, -0.15)}" stroke-width="${n(between(1.5, 3.5))}" fill="none"/>`;
  }
  return (
    shadow(410, 650, 200, 20) +
    `<rect x="240" y="150" width="340" height="500" rx="36" fill="${shade(c, -0.2)}" transform="translate(12 6)"/>` +
    clip(
      `<rect x="240" y="150" width="340" height="500" rx="36"/>`,
      `<rect x="240" y="150" width="340" height="500" fill="${c}"/>${grain}`,
    ) +
    `<rect x="272" y="250" width="276" height="366" rx="22" fill="none" stroke="${shade(c, -0.22)}" stroke-width="10"/>` +
    `<circle cx="410" cy="200" r="20" fill="${shade(c, -0.45)}"/>` +
    `<rect x="250" y="160" width="16" height="470" rx="8" fill="#ffffff" opacity="0.2"/>`
  );
}

function coasters(c: string): string {
  let out = shadow(400, 600, 210, 30);
  for (let i = 3; i >= 0; i--) {
    const y = 560 - i * 40;
    const x = 400 + (i % 2 ? 10 : -8);
    out += `<path d="M${x - 190} ${y - 30} L${x - 190} ${y} A190 52 0 0 0 ${x + 190} ${y} L${x + 190} ${y - 30} Z" fill="${shade(c, -0.28)}"/>`;
    out += `<path d="M${x - 190} ${y} A190 52 0 0 0 ${x + 190} ${y} L${x + 190} ${y + 6} A190 52 0 0 1 ${x - 190} ${y + 6} Z" fill="#a88a62"/>`;
    out += `<ellipse cx="${x}" cy="${y - 30}" rx="190" ry="52" fill="${c}"/>`;
    if (i === 3) {
      for (let r = 1; r <= 7; r++) {
        out += `<ellipse cx="${x + 14}" cy="${y - 32}" rx="${n(r * 24 + between(-4, 4))}" ry="${n(r * 6.5)}" fill="none" stroke="${shade(c, -0.2)}" stroke-width="3"/>`;
      }
    }
  }
  return out;
}

interface Textile {
  base: string;
  pattern?: (x: number, y: number, w: number, h: number) => string;
  fringe?: boolean;
  lining?: string;
  layers?: number;
  /** Leave out the floor shadow (for textiles stacked on another). */
  stacked?: boolean;
}

/** A folded textile seen from slightly above: a top face and a front face of folded layers. */
function folded(x: number, y: number, w: number, h: number, t: Textile): string {
  const d = Math.min(80, h * 0.6);
  const layers = t.layers ?? 4;
  const lh = h / layers;
  const top = `<path d="M${x + 36} ${y} L${x + w - 20} ${y} L${x + w} ${y + d} L${x} ${y + d} Z"/>`;
  let front = '';
  for (let i = 0; i < layers; i++) {
    const ly = y + d + i * lh;
    front += `<rect x="${x}" y="${n(ly)}" width="${w}" height="${n(lh)}" rx="${n(lh / 2)}"/>`;
  }
  const topFill = `<rect x="${x - 10}" y="${y - 10}" width="${w + 20}" height="${d + 20}" fill="${t.base}"/>${t.pattern?.(x, y, w, d) ?? ''}`;
  const frontFill = `<rect x="${x - 10}" y="${y + d}" width="${w + 20}" height="${h + 10}" fill="${shade(t.base, -0.06)}"/>${t.pattern?.(x, y + d, w, h) ?? ''}<rect x="${x}" y="${y + d}" width="${w}" height="${h}" fill="#000" opacity="0.07"/>`;
  let out =
    (t.stacked ? '' : shadow(x + w / 2, y + d + h + 6, w * 0.56, 18)) +
    clip(top, topFill) +
    clip(front, frontFill);
  let seams = '';
  for (let i = 1; i < layers; i++) {
    const ly = n(y + d + i * lh);
    seams += `M${x + lh / 3} ${ly} L${x + w} ${ly} `;
  }
  out += `<path d="${seams}" stroke="${shade(t.base, -0.35)}" stroke-width="3" fill="none" opacity="0.7"/>`;
  out += `<path d="M${x} ${y + d} L${x + w} ${y + d}" stroke="#ffffff" stroke-width="3" opacity="0.35"/>`;
  if (t.lining) {
    let fluff = '';
    for (let i = 0; i < layers; i++) {
      const ly = y + d + (i + 1) * lh - 4;
      for (let fx = x + lh / 2; fx < x + w; fx += 14)
        fluff += `<circle cx="${n(fx)}" cy="${n(ly + between(-2, 2))}" r="8"/>`;
    }
    out += `<g fill="${t.lining}">${fluff}</g>`;
  }
  if (t.fringe) {
    let strands = '';
    for (let yy = y + 6; yy < y + d + h - 4; yy += 9) {
      const edge = yy < y + d ? x + w - 20 + ((yy - y) / d) * 20 : x + w;
      strands += `M${n(edge)} ${yy} l${n(between(22, 32))} ${n(between(-2, 4))} `;
    }
    out += `<path d="${strands}" stroke="${shade(t.base, 0.15)}" stroke-width="4" stroke-linecap="round"/>`;
  }
  return out;
}

// Patterns for textiles; each fills a box.
const stripes =
  (colors: string[], widths: number[], vertical = false, offset = 0) =>
  (x: number, y: number, w: number, h: number): string => {
    let out = '';
    let pos = offset;
    let i = 0;
    const span = vertical ? w : h;
    while (pos < span + 20) {
      const sw = widths[i % widths.length] as number;
      const c = colors[i % colors.length] as string;
      if (c !== 'none') {
        out += vertical
          ? `<rect x="${n(x + pos)}" y="${y - 10}" width="${sw}" height="${h + 20}" fill="${c}"/>`
          : `<rect x="${x - 10}" y="${n(y + pos)}" width="${w + 20}" height="${sw}" fill="${c}"/>`;
      }
      pos += sw;
      i++;
    }
    return out;
  };

const plaid =
  (a: string, b: string, size = 60) =>
  (x: number, y: number, w: number, h: number): string => {
    let out = '';
    for (let px = x - size; px < x + w + size; px += size) {
      out += `<rect x="${px}" y="${y - 10}" width="${size / 2}" height="${h + 20}" fill="${a}" opacity="0.55"/>`;
      out += `<rect x="${px + size * 0.72}" y="${y - 10}" width="4" height="${h + 20}" fill="${b}" opacity="0.7"/>`;
    }
    for (let py = y - size; py < y + h + size; py += size) {
      out += `<rect x="${x - 10}" y="${py}" width="${w + 20}" height="${size / 2}" fill="${a}" opacity="0.55"/>`;
      out += `<rect x="${x - 10}" y="${py + size * 0.72}" width="${w + 20}" height="4" fill="${b}" opacity="0.7"/>`;
    }
    return out;
  };

const zigzag =
  (c: string, gap = 44) =>
  (x: number, y: number, w: number, h: number): string => {
    let out = '';
    for (let py = y + 14; py < y + h; py += gap) {
      let d = `M${x - 20} ${py}`;
      for (let px = x - 20; px < x + w + 40; px += 40)
        d += ` L${px + 20} ${py - 14} L${px + 40} ${py}`;
      out += `<path d="${d}" stroke="${c}" stroke-width="7" fill="none"/>`;
    }
    return out;
  };

const scatter =
  (draw: (x: number, y: number) => string, step: number) =>
  (x: number, y: number, w: number, h: number): string => {
    let out = '';
    let row = 0;
    for (let py = y + step / 2; py < y + h + step; py += step * 0.7, row++) {
      for (let px = x + (row % 2 ? step / 2 : 0); px < x + w + step; px += step)
        out += draw(px, py);
    }
    return out;
  };

const waffle =
  (c: string, size = 16) =>
  (x: number, y: number, w: number, h: number): string => {
    let d = '';
    for (let px = x; px < x + w; px += size) d += `M${px} ${y} L${px} ${y + h} `;
    for (let py = y; py < y + h; py += size) d += `M${x} ${py} L${x + w} ${py} `;
    return `<path d="${d}" stroke="${c}" stroke-width="3" opacity="0.5"/>`;
  };

/** A rolled mat or towel lying on its side; the spiral end faces left. */
function roll(
  c: string,
  under: string,
  opts: {
    len?: number;
    r?: number;
    bands?: (x: number, y: number, w: number, h: number) => string;
    speckle?: boolean;
    tail?: boolean;
  } = {},
): string {
  const len = opts.len ?? 500;
  const r = opts.r ?? 108;
  const x0 = 400 - len / 2 + 30;
  const cy = 600 - r;
  const g = linear([shade(c, 0.2), c, shade(c, -0.3)]);
  const bodyShape = `<path d="M${x0} ${cy - r} L${x0 + len} ${cy - r} A${r * 0.36} ${r} 0 0 1 ${x0 + len} ${cy + r} L${x0} ${cy + r} Z"/>`;
  let out = `<defs>${g.def}</defs>` + shadow(400 + 20, 604, len * 0.62, 20);
  if (opts.tail) {
    out += `<path d="M${x0 + len * 0.2} ${cy + r} L${x0 + len + 60} ${cy + r} L${x0 + len + 90} ${cy + r + 14} L${x0 + len * 0.2} ${cy + r + 14} Z" fill="${shade(c, -0.1)}"/>`;
  }
  out += clip(
    bodyShape,
    `<rect x="${x0}" y="${cy - r}" width="${len + r}" height="${2 * r}" fill="url(#${g.id})"/>` +
      (opts.bands?.(x0, cy - r, len + r, 2 * r) ?? '') +
      (opts.speckle ? dots(x0, cy - r, len + r, 2 * r, 260, shade(c, -0.3), [1.5, 3.5], 0.7) : '') +
      `<rect x="${x0}" y="${cy - r}" width="${len + r}" height="${2 * r}" fill="url(#${g.id})" opacity="0.35"/>`,
  );
  out += `<ellipse cx="${x0}" cy="${cy}" rx="${n(r * 0.36)}" ry="${r}" fill="${under}"/>`;
  for (let k = 1; k < 6; k++) {
    const s = 1 - k * 0.16;
    out += `<ellipse cx="${n(x0 + k * 2)}" cy="${n(cy + k * 3)}" rx="${n(r * 0.36 * s)}" ry="${n(r * s)}" fill="none" stroke="${k % 2 ? shade(c, -0.1) : under}" stroke-width="${n(r * 0.09)}"/>`;
  }
  out += `<ellipse cx="${x0}" cy="${cy}" rx="${n(r * 0.36)}" ry="${r}" fill="none" stroke="${shade(c, -0.2)}" stroke-width="5"/>`;
  return out;
}

function candle(glass: string, band: string, lit = true): string {
  const g = linear([shade(glass, 0.2), glass, shade(glass, -0.35)], false);
  let out =
    `<defs>${g.def}</defs>` +
    shadow(400, 614, 170, 20) +
    `<path d="M260 300 L260 580 Q260 612 292 612 L508 612 Q540 612 540 580 L540 300 Z" fill="url(#${g.id})"/>` +
    `<ellipse cx="400" cy="300" rx="140" ry="26" fill="#f4ecd8"/>` +
    `<ellipse cx="400" cy="304" rx="120" ry="18" fill="#eadfc5"/>` +
    `<rect x="260" y="400" width="280" height="110" fill="${band}"/>` +
    `<rect x="290" y="425" width="220" height="6" fill="#ffffff" opacity="0.5"/>` +
    `<rect x="290" y="480" width="140" height="6" fill="#ffffff" opacity="0.5"/>` +
    `<rect x="282" y="320" width="18" height="260" rx="9" fill="#ffffff" opacity="0.25"/>` +
    `<rect x="397" y="270" width="6" height="32" fill="#2b2520"/>`;
  if (lit) {
    out +=
      `<circle cx="400" cy="238" r="70" fill="#ffe8a8" opacity="0.35"/>` +
      `<path d="M400 180 Q430 230 414 262 Q400 276 386 262 Q370 230 400 180 Z" fill="#f6a93b"/>` +
      `<path d="M400 212 Q414 240 406 258 Q400 264 394 258 Q386 240 400 212 Z" fill="#fff3c4"/>`;
  }
  return out;
}

function sachets(colors: string[]): string {
  let out = shadow(400, 610, 270, 24);
  colors.forEach((c, i) => {
    const x = 230 + i * 170;
    const y = 360 + (i === 1 ? -30 : 0);
    out +=
      `<path d="M${x - 80} ${y + 20} Q${x - 96} ${y + 250} ${x - 70} ${y + 250} L${x + 70} ${y + 250} Q${x + 96} ${y + 250} ${x + 80} ${y + 20} Z" fill="${c}"/>` +
      `<path d="M${x - 80} ${y + 20} L${x - 60} ${y - 40} L${x - 30} ${y - 10} L${x} ${y - 50} L${x + 30} ${y - 10} L${x + 60} ${y - 40} L${x + 80} ${y + 20} Z" fill="${shade(c, -0.08)}"/>` +
      `<path d="M${x - 82} ${y + 22} Q${x} ${y + 44} ${x + 82} ${y + 22}" stroke="#8a6a45" stroke-width="8" fill="none"/>` +
      `<path d="M${x + 4} ${y + 34} q-30 40 -16 70 M${x + 4} ${y + 34} q30 40 18 72" stroke="#8a6a45" stroke-width="5" fill="none"/>` +
      waffle(shade(c, -0.15), 12)(x - 76, y + 60, 152, 180);
  });
  return out;
}

function terrarium(): string {
  const glass = `<circle cx="400" cy="400" r="210"/>`;
  return (
    shadow(400, 612, 190, 22) +
    clip(
      glass,
      `<rect x="180" y="180" width="440" height="440" fill="#dff0ee" opacity="0.5"/>` +
        `<rect x="180" y="470" width="440" height="150" fill="#b7b2a6"/>` +
        dots(190, 480, 420, 40, 40, '#8f8a80', [8, 16]) +
        `<rect x="180" y="520" width="440" height="100" fill="#5b4632"/>` +
        `<path d="M180 470 Q260 430 330 462 Q400 420 470 455 Q540 425 620 470 L620 480 L180 480 Z" fill="#5f8f3a"/>` +
        dots(200, 430, 400, 45, 40, '#7fae4a', [10, 20]),
    ) +
    frond(400, 460, 200, -8, '#3f7a36', 9) +
    frond(380, 462, 150, -35, '#4f8a3f', 8) +
    `<circle cx="400" cy="400" r="210" fill="none" stroke="#b9dcdc" stroke-width="8"/>` +
    `<path d="M270 280 A170 170 0 0 1 380 216" stroke="#ffffff" stroke-width="14" fill="none" stroke-linecap="round" opacity="0.8"/>` +
    `<rect x="340" y="170" width="120" height="44" rx="10" fill="#c59b6a"/>` +
    dots(345, 175, 110, 34, 30, '#8e6a45', [1.5, 3])
  );
}

function giftBox(kraft: string): string {
  return (
    shadow(400, 622, 250, 24) +
    `<path d="M180 330 L400 380 L400 620 L180 570 Z" fill="${kraft}"/>` +
    `<path d="M400 380 L620 330 L620 570 L400 620 Z" fill="${shade(kraft, -0.15)}"/>` +
    `<path d="M180 330 L400 280 L620 330 L400 380 Z" fill="${shade(kraft, 0.12)}"/>` +
    `<path d="M290 305 L510 355 M510 305 L290 355 M290 355 L290 595 M510 355 L510 595" stroke="#f3ead8" stroke-width="9" fill="none"/>` +
    `<path d="M400 330 q-60 -60 -80 -10 q40 20 80 10 q60 -60 80 -10 q-40 20 -80 10" stroke="#f3ead8" stroke-width="8" fill="none"/>` +
    frond(400, 330, 160, -60, '#2f6b3f', 8) +
    frond(400, 330, 140, 50, '#3b7a48', 7) +
    `<circle cx="410" cy="318" r="10" fill="#b5312b"/><circle cx="394" cy="326" r="9" fill="#b5312b"/>`
  );
}

function postcards(): string {
  let out = shadow(400, 600, 260, 24);
  const cards: [number, Scene][] = [
    [-14, 'palouse'],
    [-6, 'mountain'],
    [4, 'seastacks'],
    [10, 'ferry'],
  ];
  for (const [rot, s] of cards) {
    out += `<g transform="rotate(${rot} 400 420)"><rect x="160" y="260" width="480" height="320" rx="6" fill="#fbf8f0" stroke="#d8d0bf" stroke-width="2"/>${sceneBox(s, 178, 278, 444, 284)}</g>`;
  }
  return out;
}

function earrings(): string {
  let out = '';
  for (const x of [290, 510]) {
    out +=
      `<path d="M${x} 190 q-34 0 -34 -40 q0 -36 34 -36 q30 0 30 30" stroke="#b8bcc0" stroke-width="6" fill="none"/>` +
      `<circle cx="${x}" cy="196" r="9" fill="none" stroke="#b8bcc0" stroke-width="5"/>` +
      `<circle cx="${x}" cy="330" r="118" fill="#f6fbf7" opacity="0.65" stroke="#c9d4cf" stroke-width="6"/>` +
      frond(x, 420, 170, x < 400 ? -12 : 14, '#4e8a3c', 9) +
      `<path d="M${x - 80} 270 A100 100 0 0 1 ${x - 20} 222" stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  }
  return `${shadow(400, 600, 240, 14, 0.1)}${out}`;
}

function tote(c: string): string {
  let flowers = '';
  for (const [x, col] of [
    [320, '#6d5aa8'],
    [400, '#b8393a'],
    [470, '#7c66b8'],
    [360, '#c24a3c'],
  ] as const) {
    const top = 330 + between(0, 40);
    flowers += `<path d="M${x} 560 Q${x + 6} ${top + 80} ${x} ${top}" stroke="#4f7a3a" stroke-width="5" fill="none"/>`;
    for (let k = 0; k < 7; k++) {
      flowers += `<ellipse cx="${x + (k % 2 ? 7 : -7)}" cy="${top + k * 14}" rx="${9 - k * 0.5}" ry="7" fill="${col}"/>`;
    }
    flowers += `<path d="M${x} 520 q-26 -8 -34 -34 M${x} 500 q24 -6 32 -30" stroke="#4f7a3a" stroke-width="6" fill="none"/>`;
  }
  return (
    shadow(400, 630, 220, 18) +
    `<path d="M300 280 Q300 120 400 120 Q500 120 500 280" stroke="${shade(c, -0.15)}" stroke-width="24" fill="none"/>` +
    `<path d="M230 260 L570 260 L590 620 L210 620 Z" fill="${c}"/>` +
    `<path d="M230 260 L570 260 L572 290 L228 290 Z" fill="${shade(c, -0.08)}"/>` +
    flowers
  );
}

function saltJar(): string {
  return (
    shadow(380, 612, 200, 20) +
    `<rect x="270" y="250" width="220" height="360" rx="40" fill="#eaf2f3" opacity="0.8" stroke="#c6d6d8" stroke-width="6"/>` +
    clip(
      `<rect x="276" y="330" width="208" height="274" rx="34"/>`,
      `<rect x="270" y="330" width="220" height="280" fill="#d7c9e8"/>` +
        dots(276, 330, 208, 274, 220, '#ffffff', [3, 6], 0.9) +
        dots(276, 330, 208, 274, 120, '#a68cc8', [2, 5]),
    ) +
    `<rect x="290" y="200" width="180" height="60" rx="10" fill="#c59b6a"/>` +
    dots(294, 204, 172, 52, 40, '#8e6a45', [1.5, 3]) +
    `<rect x="292" y="290" width="18" height="280" rx="9" fill="#ffffff" opacity="0.5"/>` +
    `<path d="M500 560 L620 470" stroke="#b88a5a" stroke-width="16" stroke-linecap="round"/>` +
    `<ellipse cx="500" cy="574" rx="40" ry="26" fill="#c89a68"/>`
  );
}

function dopp(c: string): string {
  return (
    shadow(400, 612, 260, 22) +
    `<path d="M170 330 Q170 290 210 290 L590 290 Q630 290 630 330 L640 580 Q640 610 610 610 L190 610 Q160 610 160 580 Z" fill="${c}"/>` +
    `<path d="M170 330 Q170 290 210 290 L590 290 Q630 290 630 330 L632 380 L168 380 Z" fill="${shade(c, 0.1)}"/>` +
    `<path d="M190 320 L610 320" stroke="#3b3524" stroke-width="14"/>` +
    `<path d="M190 320 L610 320" stroke="#c9a24a" stroke-width="6" stroke-dasharray="6 4"/>` +
    `<rect x="560" y="306" width="30" height="28" rx="4" fill="#c9a24a"/>` +
    `<path d="M575 334 L585 420 L555 420 Z" fill="#7a4a2a"/>` +
    `<path d="M200 380 L600 380" stroke="${shade(c, -0.25)}" stroke-width="3" stroke-dasharray="10 8"/>` +
    `<path d="M240 440 q60 20 120 0 M420 500 q80 30 160 -10" stroke="${shade(c, -0.15)}" stroke-width="5" fill="none"/>`
  );
}

function dropper(): string {
  const g = linear(['#c7772a', '#8a4a15', '#5e300b'], false);
  return (
    `<defs>${g.def}</defs>` +
    shadow(400, 612, 130, 16) +
    `<rect x="320" y="340" width="160" height="270" rx="26" fill="url(#${g.id})"/>` +
    `<path d="M350 340 Q350 300 372 300 L428 300 Q450 300 450 340 Z" fill="#7a4313"/>` +
    `<rect x="352" y="260" width="96" height="46" rx="8" fill="#222"/>` +
    `<path d="M366 260 Q362 160 400 150 Q438 160 434 260 Z" fill="#2b2b2b"/>` +
    `<rect x="320" y="420" width="160" height="110" fill="#efe6d2"/>` +
    `<rect x="345" y="450" width="110" height="8" fill="#6a7a52"/>` +
    `<rect x="360" y="480" width="80" height="6" fill="#b9ab90"/>` +
    `<rect x="334" y="360" width="14" height="220" rx="7" fill="#ffffff" opacity="0.3"/>`
  );
}

function yogaBlock(c: string): string {
  return (
    shadow(410, 612, 250, 22) +
    clip(
      `<path d="M200 360 L520 400 L520 620 L200 580 Z"/>`,
      `<rect x="200" y="340" width="330" height="290" fill="${c}"/>` +
        dots(200, 340, 330, 290, 300, shade(c, -0.3), [1.5, 3.5]),
    ) +
    clip(
      `<path d="M520 400 L640 330 L640 540 L520 620 Z"/>`,
      `<rect x="510" y="320" width="140" height="310" fill="${shade(c, -0.18)}"/>` +
        dots(510, 320, 140, 310, 120, shade(c, -0.4), [1.5, 3.5]),
    ) +
    clip(
      `<path d="M200 360 L320 290 L640 330 L520 400 Z"/>`,
      `<rect x="190" y="280" width="460" height="130" fill="${shade(c, 0.12)}"/>` +
        dots(190, 280, 460, 130, 160, shade(c, -0.2), [1.5, 3.5]),
    ) +
    `<path d="M200 360 L520 400 L640 330 M520 400 L520 620" stroke="${shade(c, 0.3)}" stroke-width="5" fill="none" stroke-linejoin="round"/>`
  );
}

function strap(c: string): string {
  let spiral = 'M380 470';
  for (let i = 0; i < 4; i++) {
    const r = 50 + i * 38;
    spiral += ` A${r} ${n(r * 0.6)} 0 1 1 ${n(380 - r * 0.2)} 474`;
  }
  spiral += ' Q520 600 610 566';
  const line = (col: string, width: number, extra = '') =>
    `<path d="${spiral}" stroke="${col}" stroke-width="${width}" fill="none" stroke-linecap="round" ${extra}/>`;
  return (
    shadow(420, 590, 250, 26) +
    line(shade(c, -0.25), 42, 'transform="translate(0 6)"') +
    line(c, 36) +
    line(shade(c, 0.3), 3, 'stroke-dasharray="12 8"') +
    `<path d="M606 536 L626 536 Q656 566 626 596 L606 596 Z M630 536 L650 536 Q680 566 650 596 L630 596 Z" stroke="#c4c9cc" stroke-width="9" fill="none" stroke-linejoin="round"/>` +
    `<path d="M640 566 L690 572" stroke="${c}" stroke-width="30" stroke-linecap="round"/>`
  );
}

function zafu(c: string): string {
  let pleats = '';
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    pleats += `M400 410 L${n(400 + Math.cos(a) * 225)} ${n(410 + Math.sin(a) * 86)} `;
  }
  let sides = '';
  for (let i = 1; i < 16; i++) {
    const x = 400 - Math.cos((i / 16) * Math.PI) * 228;
    sides += `M${n(x)} ${n(420 + Math.sin((i / 16) * Math.PI) * 70)} L${n(x)} ${n(520 + Math.sin((i / 16) * Math.PI) * 60)} `;
  }
  const top = linear([shade(c, 0.2), c]);
  return (
    `<defs>${top.def}</defs>` +
    shadow(400, 596, 250, 28) +
    `<path d="M640 460 q50 10 44 60 q-6 40 -50 40" stroke="${shade(c, -0.3)}" stroke-width="16" fill="none"/>` +
    `<path d="M170 410 Q158 470 186 522 A214 66 0 0 0 614 522 Q642 470 630 410 Z" fill="${shade(c, -0.15)}"/>` +
    `<path d="${sides}" stroke="${shade(c, -0.32)}" stroke-width="4" opacity="0.6"/>` +
    `<ellipse cx="400" cy="410" rx="230" ry="88" fill="url(#${top.id})"/>` +
    `<path d="${pleats}" stroke="${shade(c, -0.25)}" stroke-width="3" opacity="0.55"/>` +
    `<ellipse cx="400" cy="410" rx="26" ry="10" fill="${shade(c, -0.35)}"/>`
  );
}

function matBag(c: string): string {
  return (
    shadow(420, 640, 190, 18) +
    `<path d="M330 140 Q360 60 470 120 Q540 170 520 260" stroke="${shade(c, -0.3)}" stroke-width="18" fill="none"/>` +
    `<rect x="310" y="150" width="200" height="490" rx="40" fill="${c}"/>` +
    `<path d="M310 200 L510 200" stroke="${shade(c, -0.2)}" stroke-width="10"/>` +
    `<path d="M330 150 Q410 110 490 150" fill="${shade(c, -0.3)}"/>` +
    `<path d="M400 200 q-20 40 -10 70 M420 200 q20 40 10 76" stroke="#efe6d2" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<rect x="360" y="380" width="130" height="170" rx="14" fill="${shade(c, -0.1)}"/>` +
    `<path d="M372 400 L478 400" stroke="#3b3524" stroke-width="6"/>` +
    `<rect x="326" y="170" width="16" height="440" rx="8" fill="#ffffff" opacity="0.2"/>`
  );
}

function fishToy(c: string): string {
  return (
    shadow(400, 560, 250, 22) +
    `<g transform="translate(400 430) scale(2.3)">${salmon(c, shade(c, -0.1), shade(c, -0.3))}</g>` +
    dots(200, 340, 420, 180, 160, shade(c, 0.25), [1.5, 3], 0.7) +
    `<path d="M320 430 q40 -16 80 0 t80 0" stroke="${shade(c, -0.25)}" stroke-width="5" fill="none" stroke-dasharray="8 6"/>`
  );
}

function scratchPost(): string {
  let rope = '';
  for (let y = 230; y < 520; y += 14) rope += `M330 ${y} Q400 ${y + 8} 470 ${y} `;
  return (
    shadow(400, 622, 250, 24) +
    `<path d="M170 560 L400 600 L630 560 L630 600 L400 640 L170 600 Z" fill="#8a5a36"/>` +
    `<path d="M170 560 L400 520 L630 560 L400 600 Z" fill="#b5794a"/>` +
    `<rect x="330" y="210" width="140" height="340" fill="#d6bb8a"/>` +
    `<path d="${rope}" stroke="#a98a5c" stroke-width="5" fill="none"/>` +
    `<path d="M230 200 L400 230 L570 200 L570 230 L400 260 L230 230 Z" fill="#8a5a36"/>` +
    `<path d="M230 200 L400 170 L570 200 L400 230 Z" fill="#b5794a"/>` +
    `<path d="M540 226 Q556 330 540 400" stroke="#6a5a4a" stroke-width="4" fill="none"/>` +
    `<circle cx="540" cy="420" r="26" fill="#d9534a"/>` +
    `<path d="M520 410 q20 10 40 0" stroke="#f4e3c8" stroke-width="4" fill="none"/>`
  );
}

function mice(colors: string[]): string {
  let out = shadow(400, 590, 280, 24);
  [1, 0, 2].forEach((i) => {
    const c = colors[i] as string;
    const x = 190 + i * 210;
    const y = 500 - (i === 1 ? 26 : 0);
    const flip = i === 2 ? -1 : 1;
    out +=
      `<g transform="translate(${x} ${y}) scale(${flip * 0.85} 0.85)">` +
      `<path d="M-70 40 Q-140 50 -150 0 Q-158 -40 -120 -40" stroke="#6a4b36" stroke-width="5" fill="none"/>` +
      `<path d="M-80 40 Q-80 -50 30 -30 Q80 -20 96 30 Q96 44 70 44 Z" fill="${c}"/>` +
      `<circle cx="30" cy="-34" r="24" fill="${shade(c, -0.1)}"/><circle cx="30" cy="-34" r="12" fill="#e8a9a0"/>` +
      `<circle cx="70" cy="4" r="5" fill="#222"/><circle cx="96" cy="30" r="6" fill="#d88c84"/>` +
      dots(-70, -30, 150, 70, 30, shade(c, 0.3), [1, 2.5], 0.8) +
      `</g>`;
  });
  return out;
}

function catCave(c: string): string {
  return (
    shadow(400, 612, 280, 26) +
    `<path d="M140 600 Q120 260 400 230 Q680 260 660 600 Z" fill="${c}"/>` +
    `<path d="M160 600 Q150 300 400 262" stroke="${shade(c, 0.15)}" stroke-width="14" fill="none" opacity="0.6"/>` +
    dots(150, 240, 500, 360, 280, shade(c, 0.2), [1.5, 3], 0.6) +
    `<ellipse cx="410" cy="470" rx="130" ry="120" fill="${shade(c, -0.5)}"/>` +
    `<ellipse cx="410" cy="470" rx="130" ry="120" fill="none" stroke="${shade(c, -0.1)}" stroke-width="16"/>` +
    `<path d="M300 590 Q410 560 520 590" stroke="${shade(c, -0.25)}" stroke-width="10" fill="none"/>`
  );
}

function leash(c: string): string {
  let loops = '';
  for (let i = 0; i < 4; i++) {
    loops += `<ellipse cx="${380 + i * 10}" cy="${420 + i * 6}" rx="${160 - i * 6}" ry="${120 - i * 4}" transform="rotate(${-10 + i * 8} 400 420)"/>`;
  }
  return (
    shadow(400, 590, 240, 26) +
    `<g fill="none" stroke="${shade(c, -0.3)}" stroke-width="26">${loops}</g>` +
    `<g fill="none" stroke="${c}" stroke-width="20">${loops}</g>` +
    `<g fill="none" stroke="${shade(c, 0.35)}" stroke-width="4" stroke-dasharray="6 10">${loops}</g>` +
    `<path d="M540 470 L600 540" stroke="${c}" stroke-width="20" stroke-linecap="round"/>` +
    `<rect x="590" y="530" width="40" height="30" rx="8" fill="#c9a24a"/>` +
    `<path d="M610 560 q-20 30 0 60 q30 20 44 -10 l-10 -30" stroke="#c9a24a" stroke-width="12" fill="none"/>` +
    `<ellipse cx="250" cy="270" rx="44" ry="70" transform="rotate(-35 250 270)" stroke="${shade(c, -0.3)}" stroke-width="30" fill="none"/>` +
    `<ellipse cx="250" cy="270" rx="44" ry="70" transform="rotate(-35 250 270)" stroke="${shade(c, -0.05)}" stroke-width="22" fill="none"/>`
  );
}

function dogBed(c: string): string {
  return (
    shadow(400, 610, 310, 30) +
    `<ellipse cx="400" cy="500" rx="300" ry="110" fill="${shade(c, -0.2)}"/>` +
    `<ellipse cx="400" cy="450" rx="300" ry="120" fill="${c}"/>` +
    `<ellipse cx="400" cy="470" rx="220" ry="70" fill="#efe4cf"/>` +
    `<ellipse cx="400" cy="480" rx="190" ry="52" fill="#e2d3b6"/>` +
    `<path d="M110 440 Q400 300 690 440" stroke="${shade(c, 0.2)}" stroke-width="10" fill="none" opacity="0.7"/>` +
    `<path d="M140 480 Q400 590 660 480" stroke="${shade(c, -0.3)}" stroke-width="5" fill="none" stroke-dasharray="12 10"/>`
  );
}

function ropeToy(a: string, b: string): string {
  const path = 'M190 420 C300 300 500 560 610 420';
  return (
    shadow(400, 600, 280, 24) +
    `<g transform="translate(0 80)"><path d="${path}" stroke="${shade(b, -0.2)}" stroke-width="64" fill="none" stroke-linecap="round"/>` +
    `<path d="${path}" stroke="${b}" stroke-width="56" fill="none"/>` +
    `<path d="${path}" stroke="${a}" stroke-width="56" fill="none" stroke-dasharray="18 18"/>` +
    [190, 610]
      .map(
        (x) =>
          `<circle cx="${x}" cy="420" r="56" fill="${a}"/><path d="M${x - 40} 390 q40 30 80 0 M${x - 44} 430 q44 26 88 0" stroke="${shade(a, -0.3)}" stroke-width="6" fill="none"/>` +
          `<path d="M${x + (x < 400 ? -50 : 50)} 440 l${x < 400 ? -40 : 40} 60 M${x + (x < 400 ? -40 : 40)} 460 l${x < 400 ? -20 : 20} 70 M${x + (x < 400 ? -56 : 56)} 420 l${x < 400 ? -50 : 50} 40" stroke="${b}" stroke-width="8" stroke-linecap="round"/>`,
      )
      .join('') +
    '</g>'
  );
}

/** A small grey dog, side on, wearing a hooded raincoat. */
function raincoat(c: string): string {
  const fur = '#8d8882';
  const leg = (x: number) =>
    `<rect x="${x}" y="480" width="36" height="140" rx="16" fill="${fur}"/>`;
  return (
    shadow(420, 622, 260, 20) +
    `<path d="M232 440 Q170 400 178 320" stroke="${fur}" stroke-width="24" fill="none" stroke-linecap="round"/>` +
    leg(258) +
    leg(318) +
    leg(486) +
    leg(540) +
    `<ellipse cx="400" cy="460" rx="184" ry="84" fill="${fur}"/>` +
    `<path d="M540 420 Q560 340 600 330 L640 350 Q620 420 600 470 Z" fill="${fur}"/>` +
    `<circle cx="620" cy="330" r="62" fill="${fur}"/>` +
    `<ellipse cx="680" cy="352" rx="44" ry="28" fill="${shade(fur, 0.15)}"/>` +
    `<circle cx="718" cy="342" r="11" fill="#222"/>` +
    `<circle cx="636" cy="318" r="7" fill="#222"/>` +
    `<path d="M214 460 Q220 372 330 366 L540 356 Q610 360 606 420 L570 520 Q400 548 236 514 Z" fill="${c}"/>` +
    `<path d="M560 420 Q540 300 610 272 Q670 258 676 300 Q620 290 600 336 Q590 380 606 420 Z" fill="${shade(c, -0.08)}"/>` +
    `<path d="M226 476 Q400 500 590 456" stroke="#dfe4e6" stroke-width="18" fill="none"/>` +
    `<rect x="470" y="500" width="40" height="44" rx="6" fill="${shade(c, -0.25)}"/>` +
    `<path d="M300 380 Q420 360 530 372" stroke="${shade(c, 0.3)}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<path d="M596 300 Q580 330 590 372 Q600 390 612 376 Q616 336 604 300 Z" fill="${shade(fur, -0.3)}"/>`
  );
}

function vase(c: string): string {
  const g = linear([shade(c, 0.15), c, shade(c, -0.3)], false);
  const rim = linear(['#7a5234', c]);
  return (
    `<defs>${g.def}${rim.def}</defs>` +
    frond(400, 250, 210, 10, '#3d7a36', 11) +
    shadow(400, 622, 150, 18) +
    `<path d="M370 200 L430 200 L428 300 Q520 360 520 480 Q520 600 460 620 L340 620 Q280 600 280 480 Q280 360 372 300 Z" fill="url(#${g.id})"/>` +
    `<path d="M366 196 L434 196 L432 250 L368 250 Z" fill="url(#${rim.id})"/>` +
    `<ellipse cx="400" cy="198" rx="34" ry="8" fill="#3a2a1c"/>` +
    `<path d="M300 450 Q310 360 380 320" stroke="#ffffff" stroke-width="12" fill="none" opacity="0.25" stroke-linecap="round"/>` +
    dots(290, 320, 220, 290, 60, shade(c, -0.3), [1.5, 3], 0.6)
  );
}

function paintTin(): string {
  const pans = [
    '#3f6b3a',
    '#6f9a4a',
    '#a8c070',
    '#7a8a96',
    '#4a5a6a',
    '#9ab0c0',
    '#e39a8c',
    '#c45a5a',
    '#e8b55a',
    '#8a5a3a',
    '#5a3a6e',
    '#2a3a5a',
  ];
  let cells = '';
  pans.forEach((c, i) => {
    const x = 228 + (i % 6) * 58;
    const y = 440 + Math.floor(i / 6) * 70;
    cells += `<rect x="${x}" y="${y}" width="48" height="58" rx="6" fill="#f4f1ea"/><rect x="${x + 5}" y="${y + 5}" width="38" height="48" rx="4" fill="${c}"/>`;
  });
  return (
    shadow(400, 620, 260, 22) +
    `<path d="M200 420 L600 420 L620 250 L220 250 Z" fill="#9aa3a8"/>` +
    `<path d="M214 410 L586 410 L604 262 L234 262 Z" fill="#d9dee0"/>` +
    `<rect x="200" y="420" width="400" height="180" rx="10" fill="#8e979c"/>` +
    `<rect x="212" y="430" width="376" height="160" rx="8" fill="#c9cfd2"/>` +
    cells +
    `<path d="M260 300 Q330 350 420 300 T560 320" stroke="#7ea5c4" stroke-width="14" fill="none" opacity="0.6"/>` +
    `<path d="M610 610 L690 300" stroke="#6a4a2a" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M690 300 L700 262 L712 300 Z" fill="#2b2b2b"/>` +
    `<rect x="676" y="322" width="26" height="60" rx="6" fill="#dfe7ea" opacity="0.9" transform="rotate(14 689 352)"/>`
  );
}

function sketchbook(c: string): string {
  let grain = '';
  for (let i = 0; i < 16; i++) {
    const y = 190 + i * 28 + between(-6, 6);
    grain += `<path d="M250 ${n(y)} Q400 ${n(y + between(-14, 14))} 560 ${n(y + between(-6, 6))}" stroke="${shade(c, -0.14)}" stroke-width="${n(between(2, 4))}" fill="none"/>`;
  }
  return (
    shadow(410, 640, 220, 20) +
    `<rect x="258" y="176" width="316" height="452" rx="10" fill="#f2ecdf"/>` +
    `<path d="M566 190 L566 614 M572 194 L572 610" stroke="#d7ccb6" stroke-width="3"/>` +
    clip(
      `<rect x="240" y="170" width="320" height="450" rx="12"/>`,
      `<rect x="240" y="170" width="320" height="450" fill="${c}"/>${grain}`,
    ) +
    `<rect x="240" y="170" width="30" height="450" fill="${shade(c, -0.2)}"/>` +
    `<rect x="500" y="166" width="18" height="460" fill="#1c1c1c"/>`
  );
}

function orca(): string {
  return (
    shadow(400, 600, 260, 20) +
    `<path d="M170 560 Q400 520 640 566 L630 600 Q400 580 180 600 Z" fill="#9a8468"/>` +
    `<path d="M360 540 L380 430 L420 430 L440 540 Z" fill="#7e6a52"/>` +
    `<g transform="translate(400 380) rotate(-6)">` +
    `<path d="M-250 10 Q-220 -70 -60 -80 Q120 -90 230 -10 Q250 20 220 40 Q60 90 -150 60 Q-230 50 -250 10 Z" fill="#1f2124"/>` +
    `<path d="M-40 -78 Q-30 -190 30 -210 Q0 -140 40 -84 Z" fill="#1f2124"/>` +
    `<path d="M-250 10 L-320 -40 Q-300 0 -330 40 Z" fill="#1f2124"/>` +
    `<path d="M-120 40 Q0 70 150 30 Q120 60 0 70 Q-100 66 -120 40 Z" fill="#f4f1ea"/>` +
    `<ellipse cx="150" cy="-40" rx="34" ry="13" fill="#f4f1ea" transform="rotate(-8 150 -40)"/>` +
    `<path d="M-30 -70 Q10 -60 40 -72 Q10 -50 -30 -70 Z" fill="#8a8f94"/>` +
    `<path d="M60 40 L30 100 L100 50 Z" fill="#1f2124"/>` +
    `</g>`
  );
}

function framed(
  kind: Scene,
  frame: string,
  opts: { mat?: boolean; landscape?: boolean } = {},
): string {
  const [w, h] = opts.landscape ? [520, 380] : [400, 500];
  const x = 400 - w / 2;
  const y = 330 - h / 2;
  const f = 30;
  const m = opts.mat ? 40 : 0;
  return (
    shadow(400, y + h + f + 16, w * 0.55, 14, 0.14) +
    `<rect x="${x - f + 8}" y="${y - f + 12}" width="${w + 2 * f}" height="${h + 2 * f}" fill="#1d2a22" opacity="0.18"/>` +
    `<rect x="${x - f}" y="${y - f}" width="${w + 2 * f}" height="${h + 2 * f}" fill="${frame}"/>` +
    `<path d="M${x - f} ${y - f} L${x + w + f} ${y - f} L${x + w} ${y} L${x} ${y} Z" fill="#ffffff" opacity="0.25"/>` +
    `<path d="M${x - f} ${y + h + f} L${x + w + f} ${y + h + f} L${x + w} ${y + h} L${x} ${y + h} Z" fill="#000" opacity="0.2"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fbf9f3"/>` +
    sceneBox(kind, x + m, y + m, w - 2 * m, h - 2 * m)
  );
}

function looseprint(kind: Scene): string {
  return (
    shadow(400, 640, 250, 16, 0.12) +
    `<g transform="rotate(-3 400 400)"><rect x="172" y="132" width="456" height="520" fill="#1d2a22" opacity="0.12" transform="translate(10 12)"/>` +
    `<rect x="172" y="132" width="456" height="520" fill="#fbf8ef"/>` +
    sceneBox(kind, 204, 164, 392, 456) +
    `</g>`
  );
}

function canvasPrint(kind: Scene): string {
  return (
    shadow(400, 600, 330, 16, 0.14) +
    `<path d="M680 170 L712 190 L712 590 L680 570 Z" fill="#2a3032"/>` +
    `<path d="M120 570 L680 570 L712 590 L152 590 Z" fill="#3a4244"/>` +
    sceneBox(kind, 120, 170, 560, 400)
  );
}

interface GarmentOpts {
  sleeve: 'short' | 'long' | 'none';
  hood?: boolean;
  zip?: 'quarter' | 'full';
  collar?: 'shirt' | 'stand';
  pattern?: (x: number, y: number, w: number, h: number) => string;
  print?: 'fern' | 'tree' | 'mountain' | 'outline';
  ribbed?: boolean;
  pocket?: boolean;
  trim?: string;
}

/** A garment laid flat: tee, long-sleeve, tank, sweatshirt, hoodie, shirt or fleece. */
function garment(c: string, o: GarmentOpts): string {
  const shapes = {
    short:
      'M335 170 Q400 215 465 170 L565 200 L650 310 L580 350 L548 310 L548 640 L252 640 L252 310 L220 350 L150 310 L235 200 Z',
    long: 'M335 170 Q400 215 465 170 L565 200 Q610 240 628 320 L672 600 L608 616 L550 360 L550 640 L250 640 L250 360 L192 616 L128 600 L172 320 Q190 240 235 200 Z',
    none: 'M330 165 Q400 250 470 165 L505 165 Q510 280 560 310 L560 640 L240 640 L240 310 Q290 280 295 165 Z',
  } as const;
  const body = shapes[o.sleeve];
  const dark = shade(c, -0.22);
  let out = shadow(400, 650, 260, 16, 0.12);
  if (o.hood) {
    out += `<path d="M296 196 Q292 112 400 104 Q508 112 504 196 Z" fill="${shade(c, -0.12)}"/><path d="M400 106 L400 160" stroke="${shade(c, -0.3)}" stroke-width="4"/>`;
  }
  out += clip(
    `<path d="${body}"/>`,
    `<rect x="100" y="150" width="600" height="520" fill="${c}"/>${o.pattern?.(100, 150, 600, 520) ?? ''}`,
  );
  out += `<path d="${body}" fill="none" stroke="${dark}" stroke-width="4" stroke-linejoin="round"/>`;
  if (o.ribbed) {
    out += `<rect x="${o.sleeve === 'long' ? 250 : 252}" y="608" width="300" height="32" fill="${dark}" opacity="0.5"/>`;
    if (o.sleeve === 'long') {
      out += `<path d="M196 594 L128 600 L124 580 L192 576 Z M604 594 L672 600 L676 580 L608 576 Z" fill="${dark}" opacity="0.6"/>`;
    }
  }
  if (o.hood) {
    out += `<path d="M335 170 Q400 300 465 170" stroke="${shade(c, -0.3)}" stroke-width="8" fill="${shade(c, -0.08)}"/>`;
    if (o.trim)
      out += `<path d="M335 170 Q400 300 465 170" stroke="${o.trim}" stroke-width="8" fill="none"/>`;
    out += `<path d="M380 230 L372 330 M420 230 L428 330" stroke="#f1eee6" stroke-width="6" stroke-linecap="round"/>`;
  } else if (o.collar === 'shirt') {
    out += `<path d="M335 170 L372 250 L400 200 Z M465 170 L428 250 L400 200 Z" fill="${shade(c, -0.05)}" stroke="${dark}" stroke-width="3"/>`;
  } else if (o.collar === 'stand') {
    out += `<path d="M330 150 L470 150 L466 178 Q400 205 334 178 Z" fill="${shade(c, -0.1)}" stroke="${dark}" stroke-width="3"/>`;
  } else {
    out += `<path d="M335 170 Q400 215 465 170" stroke="${dark}" stroke-width="${o.ribbed ? 14 : 8}" fill="none"/>`;
  }
  if (o.zip) {
    const end = o.zip === 'full' ? 640 : 330;
    out += `<path d="M400 ${o.collar === 'stand' ? 150 : 200} L400 ${end}" stroke="#c9ccce" stroke-width="6"/><rect x="392" y="${end - 40}" width="16" height="30" rx="4" fill="#c9ccce"/>`;
  }
  if (o.collar === 'shirt') {
    out += `<path d="M400 210 L400 640" stroke="${dark}" stroke-width="3"/>`;
    for (let y = 250; y < 640; y += 70) out += `<circle cx="412" cy="${y}" r="6" fill="#efe6d2"/>`;
    out += `<rect x="290" y="280" width="70" height="80" fill="${c}" stroke="${dark}" stroke-width="3" opacity="0.9"/><rect x="440" y="280" width="70" height="80" fill="${c}" stroke="${dark}" stroke-width="3" opacity="0.9"/>`;
  }
  if (o.pocket) {
    out += `<path d="M310 500 L490 500 L520 600 L280 600 Z" fill="${shade(c, -0.06)}" stroke="${dark}" stroke-width="4"/>`;
  }
  const light = shade(c, 0.55);
  if (o.print === 'fern') out += frond(400, 470, 220, 30, '#3f7a3c', 11);
  if (o.print === 'tree') out += tree(470, 290, 60, shade(c, 0.45), 3);
  if (o.print === 'mountain') {
    out += `<path d="M455 290 L480 256 L494 272 L512 246 L540 290 Z" fill="${light}"/>`;
  }
  if (o.print === 'outline') {
    out += `<path d="M290 420 L340 360 L370 390 L420 320 L470 380 L500 350 L520 420" stroke="#f6f4ee" stroke-width="6" fill="none" stroke-linejoin="round"/>`;
  }
  return out;
}

function beanie(c: string): string {
  let ribs = '';
  for (let i = 0; i < 14; i++) {
    const x = 262 + i * 20;
    ribs += `M${x} 480 Q${n(400 + (x - 400) * 0.5)} 260 400 230 `;
  }
  let cuff = '';
  for (let x = 252; x <= 548; x += 14) cuff += `M${x} 474 L${x} 596 `;
  return (
    shadow(400, 612, 210, 20) +
    `<path d="M250 500 Q240 240 400 220 Q560 240 550 500 Z" fill="${c}"/>` +
    `<path d="${ribs}" stroke="${shade(c, -0.2)}" stroke-width="5" fill="none"/>` +
    `<rect x="240" y="470" width="320" height="130" rx="22" fill="${shade(c, 0.05)}"/>` +
    `<path d="${cuff}" stroke="${shade(c, -0.18)}" stroke-width="5"/>` +
    `<path d="M290 300 Q320 250 380 240" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.2" stroke-linecap="round"/>`
  );
}

// ---------------------------------------------------------------------------- the art table

const COLORS: Record<string, string> = {
  'Forest Green': '#2f5d3f',
  'Slate Blue': '#4d6c8c',
  Cream: '#ece1c6',
  Moss: '#6e7f3c',
  Charcoal: '#3e4348',
  Rust: '#b4552e',
  'Sea Glass': '#96c7b6',
  'Driftwood Grey': '#9b968c',
  Sandstone: '#d6b288',
  'Fir Green': '#2f6a4a',
  'Glacier Blue': '#86b7d4',
  Huckleberry: '#5a3a70',
  Sand: '#d7c196',
  Slate: '#5c6a78',
  Salmon: '#e5806c',
};

interface Art {
  /** The product's own colour; colour variants override it. */
  color: string;
  draw: (color: string) => string;
  /** Backdrop palette index (defaults to one chosen from the slug). */
  bg?: number;
  /** Photo products fill a 1200 × 800 frame with a scene instead. */
  photo?: Scene;
  /** Centre of the close-up view, for products with a second image. */
  focus?: [number, number];
  zoom?: number;
  /** Backdrop decoration (defaults to one chosen from the image path). */
  deco?: Deco;
}

const fernPrint = (c: string) =>
  scatter((x, y) => frond(x, y + 30, 60, between(-30, 30), c, 6), 80);
const treePrint = (c: string) => scatter((x, y) => tree(x, y + 14, 30, c, 3), 46);
const salmonPrint = scatter(
  (x, y) =>
    `<g transform="translate(${x} ${y}) scale(0.22)">${salmon('#e5806c', '#c85a4a', '#b34a3c')}</g>`,
  90,
);
const ridgePrint = (x: number, y: number, w: number, h: number) => sceneBox('ridges', x, y, w, h);

const ART: Record<string, Art> = {
  'cedar-ridge-mug': {
    color: COLORS['Forest Green']!,
    draw: (c) => mug(c, { band: '#e9d9b6', steam: true }),
    focus: [400, 400],
  },
  'campfire-enamel-mug': {
    color: '#f4f2ec',
    draw: () => mug('#f4f2ec', { enamel: '#1f3350' }),
    bg: 6,
  },
  'alder-cutting-board': { color: '#d2a063', draw: cuttingBoard, bg: 0 },
  'stoneware-berry-bowl': { color: '#4b4a86', draw: (c) => bowl(c, { berries: true }), bg: 1 },
  'puget-sound-pitcher': { color: '#4f8fa6', draw: pitcher, bg: 1 },
  'cedar-coaster-set': { color: '#c07a4e', draw: coasters, bg: 0 },
  'salmon-run-tea-towel': {
    color: '#f3ead6',
    draw: (c) =>
      folded(190, 330, 420, 200, {
        base: c,
        layers: 3,
        pattern: (x, y, w, h) =>
          stripes(['none', '#4e7fa8', 'none', '#4e7fa8'], [30, 10, 14, 10])(x, y, w, h) +
          salmonPrint(x + 20, y + 30, w - 40, h - 40),
      }),
    bg: 2,
  },
  'tidepool-bath-towel': {
    color: COLORS['Sea Glass']!,
    draw: (c) => {
      const ribs = (x: number, y: number, w: number, h: number) =>
        `<path d="M${x + 34} ${y} l0 ${h} M${x + 48} ${y} l0 ${h} M${x + w - 34} ${y} l0 ${h} M${x + w - 48} ${y} l0 ${h}" stroke="${shade(c, -0.22)}" stroke-width="6"/>`;
      const t = (y: number, stacked: boolean) =>
        folded(200, y, 400, 110, { base: c, layers: 2, pattern: ribs, stacked });
      return t(420, false) + t(320, true) + t(220, true);
    },
  },
  'rainier-beach-towel': {
    color: '#f1e3c6',
    draw: (c) =>
      roll(c, shade(c, -0.05), {
        bands: stripes(['#2f8c8c', c, '#e57c5c', c], [70, 40, 70, 40], true),
      }),
    bg: 2,
  },
  'cedar-hand-towel-set': {
    color: '#9a5e3a',
    draw: (c) =>
      folded(210, 410, 380, 110, { base: c, layers: 2, pattern: waffle(shade(c, -0.25)) }) +
      folded(230, 300, 340, 100, {
        base: shade(c, 0.08),
        layers: 2,
        pattern: waffle(shade(c, -0.2)),
        stacked: true,
      }),
    bg: 0,
  },
  'quick-dry-yoga-towel': {
    color: COLORS['Slate Blue']!,
    draw: (c) =>
      folded(190, 360, 420, 170, {
        base: c,
        layers: 3,
        pattern: (x, y, w, h) =>
          `<rect x="${x + 14}" y="${y}" width="${w - 28}" height="${h}" fill="none" stroke="${shade(c, 0.5)}" stroke-width="5"/>`,
      }),
    bg: 4,
  },
  'cascade-wool-throw': {
    color: COLORS.Moss!,
    draw: (c) =>
      folded(170, 280, 440, 250, {
        base: c,
        layers: 5,
        fringe: true,
        pattern: zigzag(shade(c, 0.35)),
      }),
    focus: [420, 380],
  },
  'rainy-day-sherpa-blanket': {
    color: '#7a8ea3',
    draw: (c) =>
      folded(170, 290, 460, 240, {
        base: c,
        layers: 5,
        lining: '#f1eadb',
        pattern: waffle(shade(c, -0.1), 22),
      }),
    bg: 1,
  },
  'fern-fleece-throw': {
    color: '#2d5a3a',
    draw: (c) => folded(170, 300, 460, 220, { base: c, layers: 4, pattern: fernPrint('#9cc47a') }),
    bg: 6,
  },
  'ferry-plaid-picnic-blanket': {
    color: '#b3312e',
    draw: (c) =>
      folded(170, 300, 460, 220, { base: c, layers: 4, pattern: plaid('#1f2f55', '#f0e2c0') }),
    bg: 0,
  },
  'evergreen-baby-blanket': {
    color: '#f2ead8',
    draw: (c) => folded(190, 320, 420, 200, { base: c, layers: 4, pattern: treePrint('#5e9a6a') }),
    bg: 3,
  },
  'douglas-fir-candle': { color: '#9a5a1f', draw: (c) => candle(c, '#2f5d3f'), bg: 2 },
  'cedar-sachet-trio': { color: '#e6dcc6', draw: (c) => sachets([c, '#a9b99a', '#c0714a']), bg: 2 },
  'mossy-terrarium-kit': { color: '#5f8f3a', draw: terrarium, bg: 1 },
  'pnw-gift-box': { color: '#c89e6e', draw: giftBox, bg: 5 },
  'ferry-postcard-set': { color: '#fbf8f0', draw: postcards, bg: 6 },
  'pressed-fern-earrings': { color: '#4e8a3c', draw: earrings, bg: 3 },
  'wildflower-tote': { color: '#ece2cc', draw: tote, bg: 2 },
  'sea-salt-bath-soak': { color: '#d7c9e8', draw: saltJar, bg: 5 },
  'waxed-canvas-dopp-kit': { color: '#6b6a3c', draw: dopp, bg: 1 },
  'cedar-beard-oil': { color: '#8a4a15', draw: dropper, bg: 0 },
  'cork-yoga-mat': {
    color: '#c89a64',
    draw: (c) => roll(c, '#3b3b38', { speckle: true }),
    bg: 5,
    focus: [300, 500],
    zoom: 1.8,
  },
  'evergreen-yoga-mat': {
    color: COLORS['Fir Green']!,
    draw: (c) => roll(c, shade(c, 0.35)),
    bg: 4,
  },
  'travel-yoga-mat': {
    color: '#d6c19a',
    draw: (c) => roll(c, shade(c, -0.15), { r: 60, len: 420, tail: true }),
    bg: 2,
  },
  'kids-fern-yoga-mat': {
    color: '#6fb04a',
    draw: (c) => roll(c, '#f0cf4a', { len: 340, r: 80 }),
    bg: 7,
  },
  'mountain-print-yoga-mat': {
    color: '#46669a',
    draw: (c) => roll(c, '#2b2b2b', { bands: ridgePrint }),
    bg: 4,
  },
  'cork-yoga-block': { color: '#c89a64', draw: yogaBlock, bg: 5 },
  'cotton-yoga-strap': { color: COLORS.Moss!, draw: strap },
  'buckwheat-meditation-cushion': { color: '#2f5d3f', draw: zafu, bg: 6 },
  'yoga-mat-bag': { color: '#c7a77a', draw: matBag, bg: 5 },
  'yoga-starter-bundle': {
    color: COLORS['Fir Green']!,
    draw: (c) =>
      place(roll(c, shade(c, 0.35)), 30, 40, 0.82) +
      place(strap(COLORS.Sand!), -50, 270, 0.62) +
      place(yogaBlock('#c89a64'), 360, 290, 0.52),
    bg: 6,
  },
  'felted-salmon-cat-toy': { color: '#e5806c', draw: fishToy, bg: 2 },
  'cedar-scratching-post': { color: '#d6bb8a', draw: scratchPost, bg: 5 },
  'wool-mouse-trio': {
    color: '#9a9a96',
    draw: () => mice(['#9a9a96', '#efe6d2', '#8a6a4a']),
    bg: 5,
  },
  'nap-nook-cat-cave': { color: COLORS.Slate!, draw: catCave, bg: 6 },
  'stoneware-pet-bowl': {
    color: COLORS['Forest Green']!,
    draw: (c) => bowl(c, { water: true, low: true }),
    bg: 6,
  },
  'trailhead-dog-leash': { color: COLORS['Forest Green']!, draw: leash },
  'cascade-dog-bed': { color: '#b4552e', draw: dogBed, bg: 2 },
  'rope-tug-toy': { color: '#3f7a4a', draw: (c) => ropeToy(c, '#efe6d2'), bg: 3 },
  'dog-raincoat': { color: '#f2c230', draw: raincoat, bg: 2 },
  'hand-thrown-vase': { color: '#6f8a4a', draw: vase, bg: 1 },
  'plein-air-watercolor-kit': { color: '#9aa3a8', draw: paintTin, bg: 6 },
  'cedar-sketchbook': { color: '#c8935e', draw: sketchbook, bg: 2 },
  'carved-cedar-orca': { color: '#1f2124', draw: orca, bg: 2 },
  'rainier-framed-print': {
    color: '#d9c09a',
    draw: (c) => framed('mountain', c, { mat: true }),
    bg: 4,
    focus: [400, 300],
  },
  'ferry-at-dusk-print': { color: '#fbf8ef', draw: () => looseprint('dusk'), bg: 1 },
  'sword-fern-print': { color: '#1d1d1d', draw: (c) => framed('fern', c, { mat: true }), bg: 3 },
  'sea-stacks-canvas': { color: '#343b3d', draw: () => canvasPrint('seastacks'), bg: 1 },
  'salmon-linocut-print': { color: '#c8372d', draw: () => looseprint('linocut'), bg: 5 },
  'rainier-sunrise-photo': { color: '#7b87a8', draw: () => '', photo: 'mountain' },
  'olympic-sea-stacks-photo': { color: '#5a6264', draw: () => '', photo: 'seastacks' },
  'san-juan-ferry-photo': { color: '#3f87b5', draw: () => '', photo: 'ferry' },
  'palouse-hills-photo': { color: '#d9bd62', draw: () => '', photo: 'palouse' },
  'hoh-rainforest-photo': { color: '#4f8a3f', draw: () => '', photo: 'forest' },
  'fern-organic-tee': {
    color: '#b9bcbc',
    draw: (c) => garment(c, { sleeve: 'short', print: 'fern' }),
    bg: 6,
  },
  'ferry-stripe-long-sleeve': {
    color: '#f1ead8',
    draw: (c) => garment(c, { sleeve: 'long', pattern: stripes([c, '#1f2f55'], [26, 18]) }),
    bg: 3,
  },
  'mountain-line-tank': {
    color: '#8fa888',
    draw: (c) => garment(c, { sleeve: 'none', print: 'outline' }),
    bg: 1,
  },
  'timber-flannel-shirt': {
    color: '#b3312e',
    draw: (c) =>
      garment(c, { sleeve: 'long', collar: 'shirt', pattern: plaid('#1a1a1a', '#1a1a1a', 70) }),
    bg: 4,
  },
  'evergreen-crewneck': {
    color: COLORS['Forest Green']!,
    draw: (c) => garment(c, { sleeve: 'long', ribbed: true, print: 'tree' }),
    bg: 1,
    focus: [420, 300],
    zoom: 1.9,
  },
  'cascade-hoodie': {
    color: COLORS.Charcoal!,
    draw: (c) =>
      garment(c, { sleeve: 'long', hood: true, ribbed: true, pocket: true, print: 'mountain' }),
    bg: 6,
  },
  'cedar-quarter-zip': {
    color: '#8a5636',
    draw: (c) =>
      garment(c, {
        sleeve: 'long',
        collar: 'stand',
        zip: 'quarter',
        ribbed: true,
        pattern: (x, y, w, h) => dots(x, y, w, h, 500, shade(c, 0.12), [2, 4]),
      }),
    bg: 5,
  },
  'kids-puget-sound-hoodie': {
    color: '#3d7fa8',
    draw: (c) =>
      garment(c, { sleeve: 'long', hood: true, zip: 'full', ribbed: true, trim: '#f4f1ea' }),
    bg: 6,
  },
  'knit-beanie': { color: COLORS.Rust!, draw: beanie },
  'cozy-night-bundle': {
    color: COLORS.Moss!,
    draw: (c) =>
      place(
        garment(COLORS['Forest Green']!, { sleeve: 'long', ribbed: true, print: 'tree' }),
        360,
        250,
        0.55,
      ) +
      place(
        folded(170, 280, 440, 250, {
          base: c,
          layers: 5,
          fringe: true,
          pattern: zigzag(shade(c, 0.35)),
        }),
        -70,
        170,
        0.78,
      ) +
      place(candle('#9a5a1f', '#2f5d3f'), 500, 370, 0.4),
    bg: 2,
    deco: 'rain',
  },
  'ferry-weekend-bundle': {
    color: '#b9bcbc',
    draw: (c) =>
      place(
        garment(COLORS.Charcoal!, {
          sleeve: 'long',
          hood: true,
          ribbed: true,
          pocket: true,
          print: 'mountain',
        }),
        330,
        110,
        0.58,
      ) +
      place(garment(c, { sleeve: 'short', print: 'fern' }), 0, 130, 0.58) +
      place(mug(COLORS['Forest Green']!, { band: '#e9d9b6' }), 250, 370, 0.5),
    bg: 5,
  },
};

// ---------------------------------------------------------------------------- rendering

interface Job {
  path: string;
  slug: string;
  color?: string;
  view: number;
}

function colorFor(name: string | undefined, slug: string): string | undefined {
  if (name === undefined) return undefined;
  const hex = COLORS[name];
  if (!hex) throw new Error(`No colour defined for "${name}" (product ${slug})`);
  return hex;
}

/** Every distinct image path in the catalogue, with the product and colour to draw it for. */
function collectJobs(list: SeedProduct[]): Job[] {
  const jobs = new Map<string, Job>();
  const add = (path: string, slug: string, view: number, color?: string) => {
    if (!jobs.has(path)) jobs.set(path, { path, slug, view, color });
  };
  for (const p of list) {
    for (const v of p.variants ?? []) {
      v.images.forEach((path, i) => add(path, p.slug, i, colorFor(v.attributes.color, p.slug)));
    }
    p.images.forEach((path, i) => add(path, p.slug, i));
  }
  // Bundle options normally reuse another product's artwork; anything left is drawn for the bundle.
  for (const p of list) {
    for (const group of p.bundleOptions ?? []) {
      for (const o of group.options)
        o.images.forEach((path, i) => add(path, p.slug, i, colorFor(o.attributes.color, p.slug)));
    }
  }
  return [...jobs.values()];
}

function svgFor(job: Job): { svg: string; width: number; height: number } {
  const art = ART[job.slug];
  if (!art) throw new Error(`No artwork defined for product ${job.slug}`);
  idCounter = 0;
  rand = mulberry32(hash(job.path));
  const color = job.color ?? art.color;
  if (art.photo) {
    const vignette = `<defs><radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>`;
    const body = `${vignette}${scene(art.photo)}<rect width="1200" height="800" fill="url(#vig)"/>`;
    return { svg: wrap(1200, 800, body), width: 1200, height: 800 };
  }
  const bgIndex = (art.bg ?? hash(job.slug)) + job.view * 3;
  const ground = backdrop(800, 800, bgIndex, art.deco);
  let item = art.draw(color);
  if (job.view > 0) {
    const [fx, fy] = art.focus ?? [400, 400];
    item = `<g transform="translate(400 400) scale(${art.zoom ?? 1.6}) translate(${-fx} ${-fy})">${item}</g>`;
  }
  return { svg: wrap(800, 800, ground + item), width: 800, height: 800 };
}

const wrap = (w: number, h: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A photo download's file: the same drawing at the "JPEG, W × H px" its details list. */
async function writeFullResolution(slug: string, svg: string): Promise<void> {
  const product = products.find((p) => p.slug === slug);
  const size = product?.details?.join(' ').match(/JPEG, (\d+) × (\d+) px/);
  if (!size) throw new Error(`No "JPEG, W × H px" in the details of ${slug}`);
  const width = Number(size[1]);
  await mkdir(DOWNLOADS, { recursive: true });
  const out = join(DOWNLOADS, `${slug}.jpg`);
  const info = await sharp(Buffer.from(svg), { density: (72 * width) / 1200 })
    .resize(width, Number(size[2]))
    .jpeg({ quality: 85, mozjpeg: true })
    .toFile(out);
  console.log(`${out}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
}

async function main(): Promise<void> {
  const jobs = collectJobs(products);
  const only = process.argv.slice(2);
  let total = 0;
  let count = 0;
  for (const job of jobs) {
    if (only.length && !only.some((o) => job.path.includes(o))) continue;
    if (!job.path.startsWith('/images/products/') || !job.path.endsWith('.webp')) {
      throw new Error(`Unexpected image path ${job.path}`);
    }
    const { svg } = svgFor(job);
    const out = join(PUBLIC, job.path);
    await mkdir(dirname(out), { recursive: true });
    const info = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6 }).toFile(out);
    if (ART[job.slug]?.photo && job.view === 0) await writeFullResolution(job.slug, svg);
    total += info.size;
    count++;
    console.log(`${job.path}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
  }
  console.log(`${count} images, ${(total / 1024).toFixed(0)} KB in total`);
}

await main();
