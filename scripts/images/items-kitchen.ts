/** Item drawings, kitchen: mugs, bowls, a pitcher, a cutting board, coasters. */
import { between, clip, dots, linear, n, pick, rand, shade, shadow } from './svg';

// Each returns SVG for an 800 × 800 canvas, item resting on a floor near y = 600–640.

export function mug(
  c: string,
  opts: { band?: string; enamel?: string; steam?: boolean } = {},
): string {
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

export function bowl(
  c: string,
  opts: { berries?: boolean; water?: boolean; low?: boolean } = {},
): string {
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

export function pitcher(c: string): string {
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

export function cuttingBoard(c: string): string {
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

export function coasters(c: string): string {
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
