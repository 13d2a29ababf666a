/** Item drawings, wellness and pets: yoga gear, cat and dog toys and beds. */
import { salmon } from './motifs';
import { clip, dots, linear, n, shade, shadow } from './svg';

export function yogaBlock(c: string): string {
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

export function strap(c: string): string {
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

export function zafu(c: string): string {
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

export function matBag(c: string): string {
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

export function fishToy(c: string): string {
  return (
    shadow(400, 560, 250, 22) +
    `<g transform="translate(400 430) scale(2.3)">${salmon(c, shade(c, -0.1), shade(c, -0.3))}</g>` +
    dots(200, 340, 420, 180, 160, shade(c, 0.25), [1.5, 3], 0.7) +
    `<path d="M320 430 q40 -16 80 0 t80 0" stroke="${shade(c, -0.25)}" stroke-width="5" fill="none" stroke-dasharray="8 6"/>`
  );
}

export function scratchPost(): string {
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

export function mice(colors: string[]): string {
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

export function catCave(c: string): string {
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

export function leash(c: string): string {
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

export function dogBed(c: string): string {
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

export function ropeToy(a: string, b: string): string {
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
