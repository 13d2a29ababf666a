import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, outbox } from '../../api/db/schema';
import { deliverCard } from '../../api/modules/gift-cards/ledger';
import { SEALED_MARK, seal, unseal } from '../../api/modules/mail/sealed';
import { shopDetails } from '../../api/modules/mail/templates';
import type { MailMessage } from '../../api/modules/mail/transport';
import { createOutboxWorker } from '../../api/modules/mail/worker';
import { useApi } from '../helpers/api';

/*
 * Issue 36 row 7: `select text from outbox where kind = 'giftcard.delivered'` gave whole gift-card
 * codes in clear for the retention period, and in every backup. The queued email now holds a mark
 * where the code goes and the code sealed beside it; the worker opens it only to send and forgets
 * it once sent. No row of the outbox, pending or sent, holds a code in clear.
 */
const CODE = /[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/;

describe('a gift card code in the outbox', () => {
  const api = useApi();
  const db = () => api.test.database.db;

  it('rests sealed until sent, reaches the recipient whole, and is forgotten once sent', async () => {
    const [card] = await db()
      .insert(giftCards)
      .values({
        initialCents: 5000,
        buyerName: 'Ada Lovelace',
        buyerEmail: 'ada@example.com',
        recipientName: 'Lee Park',
        recipientEmail: 'lee.sealed@example.com',
        deliverOn: '2026-11-20',
      })
      .returning();
    const code = await db().transaction((tx) => deliverCard(tx, shopDetails(), card!));
    const shown = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`;

    const [queued] = await db().select().from(outbox).where(eq(outbox.kind, 'giftcard.delivered'));
    for (const part of [queued!.subject, queued!.text, queued!.html ?? '']) {
      expect(part).not.toMatch(CODE);
      expect(part).not.toContain(code);
    }
    expect(queued!.text).toContain(SEALED_MARK);
    expect(queued!.sealed).not.toContain(shown);

    const sent: MailMessage[] = [];
    const worker = createOutboxWorker({
      db: db(),
      from: 'Evergreen <shop@example.com>',
      transport: { name: 'file', send: async (mail) => void sent.push(mail), close: () => {} },
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`Your gift card code: ${shown}`);
    expect(sent[0]!.html).toContain(shown);
    expect(sent[0]!.text).not.toContain(SEALED_MARK);
    // The recipient is told where to spend it: the shop's own address (issue 39 point 2).
    expect(sent[0]!.html).toContain(`href="${shopDetails().siteUrl}"`);

    const [after] = await db().select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(after!.status).toBe('sent');
    expect(after!.sealed).toBeNull();
    expect(`${after!.subject} ${after!.text} ${after!.html}`).not.toMatch(CODE);
  });

  it('opens only with the key it was sealed with, and refuses an altered seal', () => {
    const sealed = seal('ABCD-EFGH-JKMN-PQRS', 'one secret');
    expect(unseal(sealed, 'one secret')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(() => unseal(sealed, 'another secret')).toThrow();
    // A character in the middle: all six of its bits are the seal's (the last one's are not).
    const at = Math.floor(sealed.length / 2);
    const altered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(() => unseal(altered, 'one secret')).toThrow();
  });
});
