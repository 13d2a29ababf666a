/**
 * A 10,000-product catalogue for load tests (never the demo seed): generated from word lists with
 * a fixed seed, so every run loads the same products. Titles, descriptions and details read like
 * the shop's own, so text search meets realistic words; categories, variants, bundles, prices,
 * stock and priorities are spread the way a larger shop would have them.
 */
import type { Db } from '../api/db/client';
import { seedCatalogue } from '../api/seed';
import { products as demo } from '../api/db/seed/catalogue';
import type { SeedProduct, SeedVariant } from '../api/db/seed/types';
import { random } from './random';

const PLACES = [
  'Cedar',
  'Alpine',
  'Rainier',
  'Cascade',
  'Olympic',
  'Puget',
  'Salish',
  'Mossy',
  'Misty',
  'Evergreen',
  'Juniper',
  'Hemlock',
  'Skagit',
  'Orcas',
  'Tidepool',
  'Ridge',
  'Glacier',
  'Fir',
  'Driftwood',
  'Huckleberry',
  'Ferry',
  'Harbor',
  'Summit',
  'Meadow',
  'Larch',
  'Palouse',
];
const MATERIALS = [
  'Wool',
  'Cotton',
  'Linen',
  'Stoneware',
  'Cork',
  'Enamel',
  'Fleece',
  'Cedar',
  'Alder',
  'Canvas',
  'Hemp',
  'Felted',
  'Waxed',
  'Organic',
  'Ceramic',
  'Copper',
  'Sherpa',
  'Knit',
  'Maple',
  'Bamboo',
];
const COLORS = ['Moss', 'Charcoal', 'Rust', 'Sand', 'Slate', 'Fir Green', 'Glacier Blue', 'Cream'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];

interface Shelf {
  category: string;
  subcategory: string;
  nouns: string[];
  /** The demo images that fit, by file name prefix. */
  images: string[];
  kind: string;
  sized?: boolean;
}

const SHELVES: Shelf[] = [
  {
    category: 'Home',
    subcategory: 'Kitchen',
    kind: 'home',
    nouns: [
      'Mug',
      'Bowl',
      'Pitcher',
      'Cutting Board',
      'Tea Towel',
      'Coaster Set',
      'Serving Tray',
      'Teapot',
    ],
    images: [
      'cedar-ridge-mug',
      'campfire-enamel-mug',
      'stoneware-berry-bowl',
      'puget-sound-pitcher',
      'alder-cutting-board',
    ],
  },
  {
    category: 'Home',
    subcategory: 'Blankets',
    kind: 'home',
    nouns: ['Throw', 'Blanket', 'Quilt', 'Baby Blanket', 'Picnic Blanket'],
    images: [
      'cascade-wool-throw',
      'fern-fleece-throw',
      'rainy-day-sherpa',
      'ferry-plaid',
      'evergreen-baby',
    ],
  },
  {
    category: 'Home',
    subcategory: 'Towels',
    kind: 'home',
    nouns: ['Bath Towel', 'Hand Towel Set', 'Beach Towel', 'Washcloth Set'],
    images: ['tidepool-bath-towel', 'cedar-hand-towel', 'rainier-beach-towel'],
  },
  {
    category: 'Home',
    subcategory: 'Decor',
    kind: 'home',
    nouns: ['Candle', 'Vase', 'Terrarium Kit', 'Sachet Trio', 'Planter'],
    images: ['douglas-fir-candle', 'hand-thrown-vase', 'mossy-terrarium', 'cedar-sachet'],
  },
  {
    category: 'Yoga',
    subcategory: 'Yoga Mats',
    kind: 'yoga',
    nouns: ['Yoga Mat', 'Travel Mat', 'Kids Yoga Mat'],
    images: [
      'evergreen-yoga-mat',
      'cork-yoga-mat',
      'mountain-print-yoga-mat',
      'kids-fern-yoga-mat',
    ],
  },
  {
    category: 'Yoga',
    subcategory: 'Yoga Accessories',
    kind: 'yoga',
    nouns: ['Yoga Block', 'Yoga Strap', 'Meditation Cushion', 'Yoga Towel', 'Mat Bag'],
    images: [
      'cork-yoga-block',
      'cotton-yoga-strap',
      'buckwheat-meditation',
      'quick-dry-yoga-towel',
    ],
  },
  {
    category: 'Pets',
    subcategory: 'Cat',
    kind: 'pet',
    nouns: ['Cat Toy', 'Cat Cave', 'Scratching Post', 'Cat Bowl'],
    images: [
      'felted-salmon-cat-toy',
      'nap-nook-cat-cave',
      'cedar-scratching-post',
      'stoneware-pet-bowl',
    ],
  },
  {
    category: 'Pets',
    subcategory: 'Dog',
    kind: 'pet',
    nouns: ['Dog Bed', 'Dog Leash', 'Tug Toy', 'Dog Raincoat'],
    images: ['cascade-dog-bed', 'rope-tug-toy', 'dog-raincoat'],
  },
  {
    category: 'Artwork',
    subcategory: 'Prints',
    kind: 'artwork',
    nouns: ['Art Print', 'Linocut Print', 'Framed Print', 'Canvas'],
    images: [
      'ferry-at-dusk-print',
      'salmon-linocut-print',
      'rainier-framed-print',
      'sea-stacks-canvas',
      'sword-fern-print',
    ],
  },
  {
    category: 'Artwork',
    subcategory: 'For the Art Lover',
    kind: 'artwork',
    nouns: ['Sketchbook', 'Watercolor Kit', 'Postcard Set', 'Carving'],
    images: ['cedar-sketchbook', 'plein-air-watercolor', 'ferry-postcard-set', 'carved-cedar-orca'],
  },
  {
    category: 'Clothing',
    subcategory: 'Tops',
    kind: 'clothing',
    sized: true,
    nouns: ['Tee', 'Long-Sleeve Tee', 'Tank', 'Flannel Shirt'],
    images: [
      'fern-organic-tee',
      'ferry-stripe-long-sleeve',
      'mountain-line-tank',
      'timber-flannel-shirt',
    ],
  },
  {
    category: 'Clothing',
    subcategory: 'Sweatshirts',
    kind: 'clothing',
    sized: true,
    nouns: ['Hoodie', 'Crewneck', 'Quarter-Zip Fleece'],
    images: [
      'cascade-hoodie',
      'evergreen-crewneck',
      'cedar-quarter-zip',
      'kids-puget-sound-hoodie',
    ],
  },
  {
    category: 'Clothing',
    subcategory: 'Hats',
    kind: 'clothing',
    nouns: ['Beanie', 'Cap', 'Bucket Hat'],
    images: ['knit-beanie'],
  },
  {
    category: 'Digital',
    subcategory: 'Photo Downloads',
    kind: 'digital',
    nouns: ['Photo Download', 'Sunrise Photo', 'Coast Photo'],
    images: [
      'rainier-sunrise-photo',
      'olympic-sea-stacks-photo',
      'san-juan-ferry-photo',
      'hoh-rainforest-photo',
      'palouse-hills-photo',
    ],
  },
];
const GIFT_SUBCATEGORIES = ['Under $30', 'For Her', 'For Him', 'For the Home'];
const PHRASES = [
  'made in small batches in Washington',
  'for a rainy morning by the window',
  'that goes from the trailhead to the campfire',
  'with a pattern of sword ferns and cedar boughs',
  'finished by hand and packed in recycled paper',
  'sized for two hands and a long conversation',
  'that gets softer with every wash',
  'to bring the Pacific Northwest indoors',
];
const DETAILS = [
  'Machine wash cold, tumble dry low',
  'Hand wash only',
  'Ships in 1-2 business days',
  'Designed in Seattle',
  'Lead-free and food safe',
  'Printed with water-based inks',
  'Each piece varies slightly',
  'Made from recycled fibers',
];

const pick = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.floor(next() * list.length)]!;

/** The images of the demo catalogue whose file names start with a prefix. */
function imagesFor(prefix: string): string[] {
  const all = new Set(
    demo.flatMap((product) => [
      ...product.images,
      ...(product.variants ?? []).flatMap((variant) => variant.images),
    ]),
  );
  const found = [...all].filter((path) => path.startsWith(`/images/products/${prefix}`));
  return found.length > 0 ? found : [demo[0]!.images[0]!];
}

export const BENCH_CATALOGUE_SIZE = 10_000;

/** The generated catalogue; `slug` is bench-<n> so `seedProductId('bench-1')` names a product. */
export function benchCatalogue(size = BENCH_CATALOGUE_SIZE, seed = 20_251_121): SeedProduct[] {
  const next = random(seed);
  const products: SeedProduct[] = [];
  for (let n = 1; n <= size; n++) {
    const shelf = pick(next, SHELVES);
    const noun = pick(next, shelf.nouns);
    const material = next() < 0.6 ? `${pick(next, MATERIALS)} ` : '';
    const title = `${pick(next, PLACES)} ${material}${noun}`;
    const images = imagesFor(pick(next, shelf.images));
    const digital = shelf.kind === 'digital';
    const priceCents = digital
      ? 1200 + 100 * Math.floor(next() * 10)
      : 800 + 50 * Math.floor(next() * 480);
    const sku = `BENCH-${n}`;
    const categorizations = [{ category: shelf.category, subcategory: shelf.subcategory }];
    if (next() < 0.3) {
      const gift = priceCents < 3000 ? 'Under $30' : pick(next, GIFT_SUBCATEGORIES.slice(1));
      categorizations.push({ category: 'Gift Collection', subcategory: gift });
    }
    if (next() < 0.03) categorizations.push({ category: 'Gift Collection', subcategory: '' });
    const product: SeedProduct = {
      slug: `bench-${n}`,
      title,
      description: `A ${title.toLowerCase()} ${pick(next, PHRASES)}, ${pick(next, PHRASES)}.`,
      priceCents: next() < 0.01 ? undefined : priceCents,
      sku,
      quantity: digital ? undefined : Math.floor(next() * 120),
      category: shelf.kind,
      categorizations: categorizations.map((entry) =>
        entry.subcategory ? entry : { category: entry.category },
      ),
      images: images.slice(0, 2),
      alttext: `${title}, shown on a plain background.`,
      details: [pick(next, DETAILS), pick(next, DETAILS), pick(next, DETAILS)],
      ratings: digital
        ? undefined
        : { thumbsUp: Math.floor(next() * 200), thumbsDown: Math.floor(next() * 10) },
      priority: next() < 0.4 ? Math.floor(next() * 100) : undefined,
      isFeatured: next() < 0.002,
    };
    const variantKind = shelf.sized ? 'size' : next() < 0.2 ? 'color' : undefined;
    if (variantKind && !digital) {
      const names = variantKind === 'size' ? SIZES : COLORS.slice(0, 2 + Math.floor(next() * 3));
      product.variants = names.map((name, index): SeedVariant => ({
        sku: `${sku}-${index + 1}`,
        title: name,
        priceCents,
        quantity: Math.floor(next() * 30),
        attributes: { [variantKind]: name },
        images: [images[index % images.length]!],
        type: variantKind,
      }));
    } else if (!digital && next() < 0.02) {
      product.bundleOptions = ['First item', 'Second item'].map((groupTitle, group) => ({
        title: groupTitle,
        options: COLORS.slice(0, 3).map((name, index): SeedVariant => ({
          sku: `${sku}-B${group + 1}${index + 1}`,
          title: name,
          priceCents,
          quantity: Math.floor(next() * 10),
          attributes: { color: name },
          images: [images[index % images.length]!],
          type: 'color',
        })),
      }));
    }
    products.push(product);
  }
  return products;
}

/** Loads the generated catalogue into an empty database in transactions of 500 products. */
export async function loadBenchCatalogue(db: Db, catalogue = benchCatalogue()): Promise<void> {
  for (let start = 0; start < catalogue.length; start += 500) {
    await seedCatalogue(db, catalogue.slice(start, start + 500));
  }
}
