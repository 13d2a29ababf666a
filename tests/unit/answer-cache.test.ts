import { describe, expect, it } from 'vitest';
import { AnswerCache, clearCatalogueAnswers, jsonBody } from '../../api/modules/product/http-cache';

const counter = () => {
  let calls = 0;
  const compute = async () => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { calls };
  };
  return { compute, calls: () => calls };
};

describe('the catalogue answer cache', () => {
  it('computes an answer once while it is fresh, and shares it with requests arriving together', async () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    const work = counter();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cache.get('k', work.compute)),
    );
    expect(work.calls()).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
    await cache.get('k', work.compute);
    expect(work.calls()).toBe(1);
    expect(answers[0]).toEqual(jsonBody({ calls: 1 }));
  });

  it('computes again once the answer is older than the ttl', async () => {
    const cache = new AnswerCache({ ttlMs: 20 });
    const work = counter();
    await cache.get('k', work.compute);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await cache.get('k', work.compute);
    expect(work.calls()).toBe(2);
  });

  it('never keeps an error', async () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    let fail = true;
    const compute = async () => {
      if (fail) throw new Error('database down');
      return { ok: true };
    };
    await expect(cache.get('k', compute)).rejects.toThrow('database down');
    fail = false;
    expect(new TextDecoder().decode((await cache.get('k', compute)).body)).toBe('{"ok":true}');
  });

  it('does nothing with a ttl of 0', async () => {
    const cache = new AnswerCache({ ttlMs: 0 });
    const work = counter();
    await cache.get('k', work.compute);
    await cache.get('k', work.compute);
    expect(work.calls()).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxEntries: 2 });
    const work = counter();
    await cache.get('a', work.compute);
    await cache.get('b', work.compute);
    await cache.get('c', work.compute);
    await cache.get('c', work.compute);
    await cache.get('b', work.compute);
    expect(work.calls()).toBe(3);
    await cache.get('a', work.compute);
    expect(work.calls()).toBe(4);
  });

  it('is emptied by clearCatalogueAnswers', async () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    const work = counter();
    await cache.get('k', work.compute);
    clearCatalogueAnswers();
    await cache.get('k', work.compute);
    expect(work.calls()).toBe(2);
  });
});
