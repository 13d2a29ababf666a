import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productRatings, products, users } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import type { ApiHarness } from '../helpers/api';
import { useApi } from '../helpers/api';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

describe('POST /api/product/{id}/rate', () => {
  const api: ApiHarness = useApi({ seed: true });
  const mug = seedProductId('campfire-enamel-mug');

  async function customer() {
    const client = authClient(api);
    const account = await registerVerified(client, api, freshEmail('rater'));
    return (await logIn(client, account)).token;
  }
  const rate = (token: string | null, id: string, type: unknown) =>
    api.post(`/product/${id}/rate`, { type }, token ? bearer(token) : undefined);
  async function stored(productId: string) {
    const { db } = api.test.database;
    const [row] = await db
      .select({ up: products.thumbsUp, down: products.thumbsDown })
      .from(products)
      .where(eq(products.id, productId));
    const tally = (type: 'up' | 'down') =>
      db
        .select({ n: count() })
        .from(productRatings)
        .where(and(eq(productRatings.productId, productId), eq(productRatings.type, type)));
    const [[up], [down]] = await Promise.all([tally('up'), tally('down')]);
    return { counts: row!, ratings: { up: up!.n, down: down!.n } };
  }

  it('adds, switches and withdraws one thumb per customer, counts equal to the stored ratings', async () => {
    const token = await customer();
    const before = await stored(mug);

    let response = await rate(token, mug, 'up');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      thumbsUp: before.counts.up + 1,
      thumbsDown: before.counts.down,
      rating: 'up',
    });
    response = await rate(token, mug, 'down');
    expect(await response.json()).toMatchObject({
      thumbsUp: before.counts.up,
      thumbsDown: before.counts.down + 1,
      rating: 'down',
    });
    response = await rate(token, mug, 'down');
    expect(await response.json()).toMatchObject({
      thumbsUp: before.counts.up,
      thumbsDown: before.counts.down,
      rating: null,
    });
    const after = await stored(mug);
    expect(after.counts).toEqual(before.counts);
    // The product page shows the new counts (the catalogue's answers were refreshed).
    await rate(token, mug, 'up');
    const detail = await api.get(`/product/detail/${mug}`).then((r) => r.json());
    expect(JSON.stringify(detail)).toContain(`"thumbsUp":${before.counts.up + 1}`);
  });

  it('refuses guests (401), unverified accounts (403), digital products, unknown products and bad types', async () => {
    const before = await stored(mug);
    expect((await rate(null, mug, 'up')).status).toBe(401);

    // Verified accounts only: a signed-in account whose email is (again) unverified is refused.
    const token = await customer();
    const [me] = await api
      .get('/user/me', bearer(token))
      .then((r) => r.json())
      .then((body) => [body as { username: string }]);
    await api.test.database.db
      .update(users)
      .set({ emailVerified: false })
      .where(eq(users.email, me!.username));
    const unverified = await rate(token, mug, 'up');
    expect(unverified.status).toBe(403);
    await api.test.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, me!.username));

    const photo = seedProductId('rainier-sunrise-photo');
    const digital = await rate(token, photo, 'up');
    expect(digital.status).toBe(409);
    expect((await digital.json()).error).toBe('Digital products cannot be rated.');
    expect((await stored(photo)).ratings).toEqual({ up: 0, down: 0 });

    expect((await rate(token, '00000000-0000-4000-8000-000000000000', 'up')).status).toBe(404);
    expect((await rate(token, mug, 'sideways')).status).toBe(400);
    expect(await stored(mug)).toEqual(before);
  });

  it('refuses a digital product whatever the case of its category (spec §4)', async () => {
    const token = await customer();
    const photo = seedProductId('olympic-sea-stacks-photo');
    const { db } = api.test.database;
    for (const category of ['Digital', 'DIGITAL']) {
      await db.update(products).set({ category }).where(eq(products.id, photo));
      const answer = await rate(token, photo, 'up');
      expect(answer.status).toBe(409);
      expect((await answer.json()).error).toBe('Digital products cannot be rated.');
    }
    expect((await stored(photo)).ratings).toEqual({ up: 0, down: 0 });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    '100 concurrent presses of the same thumb by 20 customers leave counts equal to the ratings',
    async () => {
      const product = seedProductId('cedar-ridge-mug');
      const tokens: string[] = [];
      for (let i = 0; i < 20; i += 1) tokens.push(await customer());
      // The seed's counts have no rating rows behind them: they are the baseline.
      const before = await stored(product);
      expect(before.ratings).toEqual({ up: 0, down: 0 });
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, press) => rate(tokens[press % 20]!, product, 'up')),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const { counts, ratings } = await stored(product);
      expect({ up: counts.up - before.counts.up, down: counts.down - before.counts.down }).toEqual(
        ratings,
      );
      // Five presses each: an odd number, so every customer ends with a thumb up.
      expect(ratings.up).toBe(20);
      expect(ratings.down).toBe(0);
    },
    120_000,
  );
});
