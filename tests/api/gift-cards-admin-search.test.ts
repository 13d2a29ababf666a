import { describe, expect, it } from 'vitest';
import { giftCards } from '../../api/db/schema';
import { hashGiftCardCode } from '../../api/modules/gift-cards/codes';
import { formatGiftCardCode } from '../../core/gift-cards/model';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/*
 * Issue 39 point 9: the owner finds a gift card by its code (whole, as printed or typed loosely,
 * or its last 4) or by an email or name, not by scrolling 500 rows.
 */
describe('finding a gift card in the back office', () => {
  const api = useApi();

  async function card(code: string, recipientEmail: string, buyerEmail: string, name: string) {
    const [row] = await api.test.database.db
      .insert(giftCards)
      .values({
        codeHash: hashGiftCardCode(code),
        last4: code.slice(-4),
        initialCents: 2500,
        buyerName: 'Ada Lovelace',
        buyerEmail,
        recipientName: name,
        recipientEmail,
        deliverOn: '2026-11-20',
        deliveredAt: new Date(),
      })
      .returning();
    return row!.id;
  }

  it('by the whole code, its last 4, or part of an email or a name; nothing for a stranger', async () => {
    const lee = await card('ABCD2345EFGH6789', 'lee@example.com', 'ada@example.com', 'Lee Park');
    const kim = await card('WXYZ2345EFGH7777', 'kim@example.org', 'bo@example.net', 'Kim Doe');
    const { token } = await signedInAdmin(api);
    const found = async (q: string) => {
      const response = await api.get(`/admin/giftcards?q=${encodeURIComponent(q)}`, bearer(token));
      expect(response.status, q).toBe(200);
      return ((await response.json()) as { _id: string }[]).map((row) => row._id).sort();
    };
    expect(await found(formatGiftCardCode('ABCD2345EFGH6789'))).toEqual([lee]);
    expect(await found('abcd 2345 efgh 6789')).toEqual([lee]);
    expect(await found('6789')).toEqual([lee]);
    expect(await found('7777')).toEqual([kim]);
    expect(await found('LEE@EXAMPLE')).toEqual([lee]);
    expect(await found('bo@example.net')).toEqual([kim]);
    expect(await found('Kim')).toEqual([kim]);
    expect(await found('example')).toEqual([lee, kim].sort());
    expect(await found('%')).toEqual([]);
    expect(await found('nobody@example.com')).toEqual([]);
    expect(await found('')).toEqual([lee, kim].sort());
    const refused = await api.get('/admin/giftcards?q=%00', bearer(token));
    expect(refused.status).toBe(400);
    expect((await api.get('/admin/giftcards?q=6789')).status).toBe(401);
  });
});
