/** Item drawings, textiles: folded and rolled cloth with its patterns. */
import { between, clip, dots, linear, n, shade, shadow } from './svg';

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
export function folded(x: number, y: number, w: number, h: number, t: Textile): string {
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
export const stripes =
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

export const plaid =
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

export const zigzag =
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

export const scatter =
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

export const waffle =
  (c: string, size = 16) =>
  (x: number, y: number, w: number, h: number): string => {
    let d = '';
    for (let px = x; px < x + w; px += size) d += `M${px} ${y} L${px} ${y + h} `;
    for (let py = y; py < y + h; py += size) d += `M${x} ${py} L${x + w} ${py} `;
    return `<path d="${d}" stroke="${c}" stroke-width="3" opacity="0.5"/>`;
  };

/** A rolled mat or towel lying on its side; the spiral end faces left. */
export function roll(
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
