/** The art table, part two: how the yoga, pet, art, apparel and bundle products are drawn. */
import { type Art, COLORS, ridgePrint } from './art-palette';
import { beanie, garment } from './items-apparel';
import { candle } from './items-home';
import { bowl, mug } from './items-kitchen';
import {
  canvasPrint,
  framed,
  looseprint,
  orca,
  paintTin,
  raincoat,
  sketchbook,
  vase,
} from './items-outdoor-art';
import { folded, plaid, roll, stripes, zigzag } from './items-textiles';
import {
  catCave,
  dogBed,
  fishToy,
  leash,
  matBag,
  mice,
  ropeToy,
  scratchPost,
  strap,
  yogaBlock,
  zafu,
} from './items-wellness-pets';
import { dots, place, shade } from './svg';

export const MORE_ART: Record<string, Art> = {
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
