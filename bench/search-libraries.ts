// npx tsx bench/search-libraries.ts — how MiniSearch, Orama and FlexSearch index the 10,000-product
// bench catalogue and answer never-repeated queries (bench/queries.ts) with prefix matching and
// typo tolerance, all words required: build time, heap, and latency per query. The measurement
// behind the choice of MiniSearch for the catalogue's search index (README, "Bench").
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { SearchIndex, queryWords, searchTerm } from '../api/modules/catalogue';
import type { ProductDto } from '../core/product/model';
import { benchCatalogue } from './catalogue-10k';
import { distinctQueries } from './queries';

const catalogue = benchCatalogue();
const docs = catalogue.map((product, index) => ({
  id: String(index),
  title: product.title,
  categories: product.categorizations.flatMap((c) => [c.category, c.subcategory ?? '']).join(' '),
  description: product.description,
  details: product.details.join(' '),
}));
const next = distinctQueries(11);
const queries = Array.from({ length: 2000 }, () =>
  queryWords(new URLSearchParams(next()).get('q') ?? '').join(' '),
);

function heapMb(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1048576;
}

async function measure(name: string, build: () => Promise<(q: string) => Promise<number>>) {
  const heap = heapMb();
  const buildStarted = performance.now();
  const search = await build();
  const buildMs = performance.now() - buildStarted;
  const added = heapMb() - heap;
  const times: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const t = performance.now();
    hits += await search(q);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    [
      name.padEnd(56),
      `build ${buildMs.toFixed(0)} ms`.padEnd(16),
      `heap +${added.toFixed(0)} MB`.padEnd(16),
      `p50 ${times[times.length / 2]!.toFixed(2)} ms`.padEnd(16),
      `p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(2)} ms`.padEnd(16),
      `hits/query ${(hits / queries.length).toFixed(0)}`,
    ].join(''),
  );
}

const fields = ['title', 'categories', 'description', 'details'] as (
  'title' | 'categories' | 'description' | 'details'
)[];
const boost = { title: 10, categories: 4, description: 2, details: 1 };

await measure('minisearch, typos only where no word starts so (ours)', async () => {
  const index = new SearchIndex(
    docs.map(
      (doc, i) =>
        ({
          _id: doc.id,
          title: doc.title,
          description: doc.description,
          details: catalogue[i]!.details,
          categorizations: catalogue[i]!.categorizations.map((c) => ({
            category: c.category,
            subcategory: c.subcategory ?? null,
          })),
        }) as unknown as ProductDto,
    ),
  );
  return async (q) => index.search(q.split(' ')).documents.length;
});

await measure('minisearch, typos on every word', async () => {
  const index = new MiniSearch({
    fields,
    tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
    processTerm: searchTerm,
    searchOptions: {
      boost,
      prefix: true,
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
      maxFuzzy: 2,
      combineWith: 'AND',
    },
  });
  index.addAll(docs);
  return async (q) => index.search(q).length;
});

await measure('orama', async () => {
  const db = create({
    schema: { title: 'string', categories: 'string', description: 'string', details: 'string' },
  });
  await insertMultiple(db, docs);
  return async (q) => {
    const result = await oramaSearch(db, {
      term: q,
      properties: fields,
      boost,
      tolerance: 1,
      threshold: 0,
      limit: 12,
    });
    return result.count;
  };
});

await measure('flexsearch', async () => {
  const index = new FlexSearch.Document({
    tokenize: 'forward',
    document: { id: 'id', index: fields },
  });
  for (const doc of docs) index.add(doc);
  return async (q) => {
    const results = index.search(q, { limit: 10_000, suggest: false });
    return new Set(results.flatMap((entry) => entry.result)).size;
  };
});
