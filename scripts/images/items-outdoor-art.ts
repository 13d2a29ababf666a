/** Item drawings, outdoor and art: a raincoat, a vase, paints, sketchbooks, prints. */
import { frond } from './motifs';
import { type Scene, sceneBox } from './scenes';
import { between, clip, dots, linear, n, shade, shadow } from './svg';

export function raincoat(c: string): string {
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

export function vase(c: string): string {
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

export function paintTin(): string {
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

export function sketchbook(c: string): string {
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

export function orca(): string {
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

export function framed(
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

export function looseprint(kind: Scene): string {
  return (
    shadow(400, 640, 250, 16, 0.12) +
    `<g transform="rotate(-3 400 400)"><rect x="172" y="132" width="456" height="520" fill="#1d2a22" opacity="0.12" transform="translate(10 12)"/>` +
    `<rect x="172" y="132" width="456" height="520" fill="#fbf8ef"/>` +
    sceneBox(kind, 204, 164, 392, 456) +
    `</g>`
  );
}

export function canvasPrint(kind: Scene): string {
  return (
    shadow(400, 600, 330, 16, 0.14) +
    `<path d="M680 170 L712 190 L712 590 L680 570 Z" fill="#2a3032"/>` +
    `<path d="M120 570 L680 570 L712 590 L152 590 Z" fill="#3a4244"/>` +
    sceneBox(kind, 120, 170, 560, 400)
  );
}
