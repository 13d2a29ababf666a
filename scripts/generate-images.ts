/**
 * Draws the product artwork for the demo catalogue: one SVG illustration per distinct image path
 * referenced by `api/db/seed/catalogue.ts`, rendered with sharp to WebP under
 * `public/images/products/`. Run with `npx tsx scripts/generate-images.ts` (or `npm run images`);
 * pass parts of file names as arguments to redraw only those images.
 *
 * Every drawing is plain vector shapes (no text, so no fonts are needed) and any randomness comes
 * from a PRNG seeded by the image path, so the output is the same on every run.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { products } from '../api/db/seed/catalogue';
import type { SeedProduct } from '../api/db/seed/types';
import { COLORS } from './images/art-palette';
import { ART } from './images/art-table';
import { backdrop } from './images/motifs';
import { scene } from './images/scenes';
import { hash, startImage } from './images/svg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');
/**
 * The photo downloads' full-resolution files, at the size their details promise: private (never
 * under public/), sent only through a paid order's download link (api/modules/orders/downloads).
 */
const DOWNLOADS = join(ROOT, 'api', 'assets', 'downloads');

interface Job {
  path: string;
  slug: string;
  color?: string;
  view: number;
}

function colorFor(name: string | undefined, slug: string): string | undefined {
  if (name === undefined) return undefined;
  const hex = COLORS[name];
  if (!hex) throw new Error(`No colour defined for "${name}" (product ${slug})`);
  return hex;
}

/** Every distinct image path in the catalogue, with the product and colour to draw it for. */
function collectJobs(list: SeedProduct[]): Job[] {
  const jobs = new Map<string, Job>();
  const add = (path: string, slug: string, view: number, color?: string) => {
    if (!jobs.has(path)) jobs.set(path, { path, slug, view, color });
  };
  for (const p of list) {
    for (const v of p.variants ?? []) {
      v.images.forEach((path, i) => add(path, p.slug, i, colorFor(v.attributes.color, p.slug)));
    }
    p.images.forEach((path, i) => add(path, p.slug, i));
  }
  // Bundle options normally reuse another product's artwork; anything left is drawn for the bundle.
  for (const p of list) {
    for (const group of p.bundleOptions ?? []) {
      for (const o of group.options)
        o.images.forEach((path, i) => add(path, p.slug, i, colorFor(o.attributes.color, p.slug)));
    }
  }
  return [...jobs.values()];
}

function svgFor(job: Job): { svg: string; width: number; height: number } {
  const art = ART[job.slug];
  if (!art) throw new Error(`No artwork defined for product ${job.slug}`);
  startImage(job.path);
  const color = job.color ?? art.color;
  if (art.photo) {
    const vignette = `<defs><radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>`;
    const body = `${vignette}${scene(art.photo)}<rect width="1200" height="800" fill="url(#vig)"/>`;
    return { svg: wrap(1200, 800, body), width: 1200, height: 800 };
  }
  const bgIndex = (art.bg ?? hash(job.slug)) + job.view * 3;
  const ground = backdrop(800, 800, bgIndex, art.deco);
  let item = art.draw(color);
  if (job.view > 0) {
    const [fx, fy] = art.focus ?? [400, 400];
    item = `<g transform="translate(400 400) scale(${art.zoom ?? 1.6}) translate(${-fx} ${-fy})">${item}</g>`;
  }
  return { svg: wrap(800, 800, ground + item), width: 800, height: 800 };
}

const wrap = (w: number, h: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A photo download's file: the same drawing at the "JPEG, W × H px" its details list. */
async function writeFullResolution(slug: string, svg: string): Promise<void> {
  const product = products.find((p) => p.slug === slug);
  const size = product?.details?.join(' ').match(/JPEG, (\d+) × (\d+) px/);
  if (!size) throw new Error(`No "JPEG, W × H px" in the details of ${slug}`);
  const width = Number(size[1]);
  await mkdir(DOWNLOADS, { recursive: true });
  const out = join(DOWNLOADS, `${slug}.jpg`);
  const info = await sharp(Buffer.from(svg), { density: (72 * width) / 1200 })
    .resize(width, Number(size[2]))
    .jpeg({ quality: 85, mozjpeg: true })
    .toFile(out);
  console.log(`${out}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
}

async function main(): Promise<void> {
  const jobs = collectJobs(products);
  const only = process.argv.slice(2);
  let total = 0;
  let count = 0;
  for (const job of jobs) {
    if (only.length && !only.some((o) => job.path.includes(o))) continue;
    if (!job.path.startsWith('/images/products/') || !job.path.endsWith('.webp')) {
      throw new Error(`Unexpected image path ${job.path}`);
    }
    const { svg } = svgFor(job);
    const out = join(PUBLIC, job.path);
    await mkdir(dirname(out), { recursive: true });
    const info = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6 }).toFile(out);
    if (ART[job.slug]?.photo && job.view === 0) await writeFullResolution(job.slug, svg);
    total += info.size;
    count++;
    console.log(`${job.path}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
  }
  console.log(`${count} images, ${(total / 1024).toFixed(0)} KB in total`);
}

await main();
