/** Item drawings, home and gifts: candles, sachets, a terrarium, boxes, cards, small goods. */
import { waffle } from './items-textiles';
import { frond } from './motifs';
import { type Scene, sceneBox } from './scenes';
import { between, clip, dots, linear, shade, shadow } from './svg';

export function candle(glass: string, band: string, lit = true): string {
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

export function sachets(colors: string[]): string {
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

export function terrarium(): string {
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

export function giftBox(kraft: string): string {
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

export function postcards(): string {
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

export function earrings(): string {
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

export function tote(c: string): string {
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

export function saltJar(): string {
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

export function dopp(c: string): string {
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

export function dropper(): string {
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
