/** Landscape scenes: the photo prints and the printed patterns. */
import { frond, salmon, tree } from './motifs';
import { between, dots, linear, n, pick, shade } from './svg';

export type Scene =
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
export function scene(kind: Scene): string {
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
export const sceneBox = (kind: Scene, x: number, y: number, w: number, h: number): string =>
  `<svg x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice">${scene(kind)}</svg>`;
