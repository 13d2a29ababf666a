/** Item drawings, apparel: garments and a beanie. */
import { frond, tree } from './motifs';
import { clip, n, shade, shadow } from './svg';

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
export function garment(c: string, o: GarmentOpts): string {
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

export function beanie(c: string): string {
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
