/** The art table, part one: how the kitchen, bath, bedding and home products are drawn. */
import { type Art, COLORS, fernPrint, salmonPrint, treePrint } from './art-palette';
import {
  candle,
  dopp,
  dropper,
  earrings,
  giftBox,
  postcards,
  sachets,
  saltJar,
  terrarium,
  tote,
} from './items-home';
import { bowl, coasters, cuttingBoard, mug, pitcher } from './items-kitchen';
import { folded, plaid, roll, stripes, waffle, zigzag } from './items-textiles';
import { shade } from './svg';

export const HOME_ART: Record<string, Art> = {
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
};
