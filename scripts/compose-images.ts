/**
 * Composes the wide pictures of the home page, the blog and link previews from the product
 * artwork (run `npm run images` first): the home hero, one hero per gift article and the default
 * OpenGraph image. Each is a row of product illustrations on the shop's paper colour; Astro
 * resizes the first two kinds at build time. Run with `npx tsx scripts/compose-images.ts`.
 * An editor's own photo can replace any of them.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTS = join(ROOT, 'public/images/products');
const PAPER = '#fbfaf6';
const GAP = 40;

interface Composition {
  output: string;
  tiles: string[];
  width: number;
  /** Fixed height (tiles centred); by default the tiles plus a margin. */
  height?: number;
}

/** The home hero's products; a link preview shows the same, so a shared link looks like the shop. */
const HERO_TILES = ['pnw-gift-box', 'cascade-wool-throw-moss', 'cedar-ridge-mug-forest-green'];

const compositions: Composition[] = [
  { output: 'src/assets/home/hero.webp', tiles: HERO_TILES, width: 1600 },
  {
    output: 'content/blog/images/what-to-get-the-person-who-has-everything.webp',
    tiles: ['carved-cedar-orca', 'mossy-terrarium-kit', 'rainier-sunrise-photo'],
    width: 1600,
  },
  {
    output: 'content/blog/images/practical-gifts.webp',
    tiles: ['alder-cutting-board', 'tidepool-bath-towel-sea-glass', 'dog-raincoat'],
    width: 1600,
  },
  {
    // Link previews want 1200 × 630.
    output: 'public/images/og-image.jpg',
    tiles: HERO_TILES,
    width: 1200,
    height: 630,
  },
];

async function compose({ output, tiles, width, height }: Composition): Promise<void> {
  const size = Math.floor((width - GAP * (tiles.length + 1)) / tiles.length);
  const canvasHeight = height ?? size + 2 * GAP;
  const top = Math.floor((canvasHeight - size) / 2);
  const mask = Buffer.from(
    `<svg width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${Math.round(size / 13)}"/></svg>`,
  );
  const layers = await Promise.all(
    tiles.map(async (name, index) => ({
      input: await sharp(join(PRODUCTS, `${name}.webp`))
        .resize(size, size)
        .composite([{ input: mask, blend: 'dest-in' }])
        .png()
        .toBuffer(),
      left: GAP + index * (size + GAP),
      top,
    })),
  );
  const file = join(ROOT, output);
  await mkdir(dirname(file), { recursive: true });
  const canvas = sharp({
    create: { width, height: canvasHeight, channels: 3, background: PAPER },
  }).composite(layers);
  await (
    output.endsWith('.jpg') ? canvas.jpeg({ quality: 85 }) : canvas.webp({ quality: 82 })
  ).toFile(file);
  console.log(`wrote ${output}`);
}

for (const composition of compositions) await compose(composition);
