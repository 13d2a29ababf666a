import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';

/**
 * The catalogue's search index (api/modules/catalogue/search-index.ts) reads MiniSearch's private
 * fields to score without building result objects. They are not MiniSearch's public API, so the
 * dependency is pinned to one exact version, and this test fails if an upgrade changes the shape
 * of anything the index reads.
 */
type FieldTermData = Map<number, Map<number, number>>;
interface Internals {
  _index: {
    get(term: string): FieldTermData | undefined;
    atPrefix(prefix: string): Iterable<[string, FieldTermData]> & { keys(): Iterable<string> };
    fuzzyGet(term: string, distance: number): Map<string, [FieldTermData, number]>;
  };
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
  _nextId: number;
}

const FIELDS = ['title', 'categories', 'description', 'details'];

function indexOf(documents: { id: string; title: string; description: string }[]) {
  const search = new MiniSearch<{ id: string; title: string; description: string }>({
    fields: FIELDS,
  });
  search.addAll(documents);
  return { search, internals: search as unknown as Internals };
}

describe('MiniSearch internals the catalogue search reads', () => {
  it('is the exact version package.json pins', () => {
    const pinned = (
      JSON.parse(readFileSync('package.json', 'utf8')) as {
        dependencies: Record<string, string>;
      }
    ).dependencies.minisearch;
    const installed = (
      JSON.parse(readFileSync('node_modules/minisearch/package.json', 'utf8')) as {
        version: string;
      }
    ).version;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });

  it('keeps documents, fields and lengths where the index reads them', () => {
    const { internals } = indexOf([
      { id: 'mug', title: 'Enamel mug mug', description: 'A camp mug' },
      { id: 'hat', title: 'Wool hat', description: 'Warm' },
    ]);
    expect(internals._fieldIds).toEqual({ title: 0, categories: 1, description: 2, details: 3 });
    expect(internals._documentCount).toBe(2);
    expect(internals._nextId).toBe(2);
    expect(internals._idToShortId).toEqual(
      new Map([
        ['mug', 0],
        ['hat', 1],
      ]),
    );
    expect(internals._documentIds).toEqual(
      new Map([
        [0, 'mug'],
        [1, 'hat'],
      ]),
    );
    // Per document, each field's length in distinct terms, by field id; and each field's average.
    expect(internals._fieldLength.get(0)![0]).toBe(2);
    expect(internals._fieldLength.get(0)![2]).toBe(3);
    expect(internals._fieldLength.get(1)![0]).toBe(2);
    expect(Array.isArray(internals._avgFieldLength)).toBe(true);
    expect(internals._avgFieldLength[0]).toBe(2);
    expect(internals._avgFieldLength[2]).toBe(2);
  });

  it('keeps a term’s postings as field id → document short id → term frequency', () => {
    const { internals } = indexOf([
      { id: 'mug', title: 'Enamel mug mug', description: 'A camp mug' },
      { id: 'hat', title: 'Wool hat', description: 'Warm mugs' },
    ]);
    const postings = internals._index.get('mug');
    expect(postings).toBeInstanceOf(Map);
    expect(postings!.get(0)).toEqual(new Map([[0, 2]]));
    expect(postings!.get(2)).toEqual(new Map([[0, 1]]));

    // Words by prefix: [word, postings] pairs; `keys()` lists the words.
    const byPrefix = new Map(internals._index.atPrefix('mu'));
    expect([...byPrefix.keys()].sort()).toEqual(['mug', 'mugs']);
    expect(byPrefix.get('mugs')!.get(2)).toEqual(new Map([[1, 1]]));
    expect([...internals._index.atPrefix('wo').keys()]).toEqual(['wool']);

    // Words within an edit distance: word → [postings, distance].
    const near = internals._index.fuzzyGet('wooll', 1);
    expect(near.get('wool')?.[1]).toBe(1);
    expect(near.get('wool')?.[0].get(0)).toEqual(new Map([[1, 1]]));
  });

  it('leaves a discarded document’s postings in place and drops it from the document ids', () => {
    const { search, internals } = indexOf([
      { id: 'mug', title: 'Enamel mug', description: '' },
      { id: 'cup', title: 'Enamel cup', description: '' },
    ]);
    search.discard('mug');
    // The index skips postings whose short id is no longer a document (search-index.ts).
    expect(internals._index.get('enamel')!.get(0)!.has(0)).toBe(true);
    expect(internals._documentIds.has(0)).toBe(false);
    expect(internals._idToShortId.has('mug')).toBe(false);
    expect(internals._documentCount).toBe(1);

    // Put back, the product gets a new short id.
    search.add({ id: 'mug', title: 'Enamel mug', description: '' });
    expect(internals._idToShortId.get('mug')).toBe(2);
    expect(internals._nextId).toBe(3);
  });
});
