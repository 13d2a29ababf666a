import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../api/db/schema';
import { enqueueMail } from '../../api/modules/mail/outbox';
import { useApi } from '../helpers/api';
// Kinds no email of the shop has: the worker and the outbox take any row the same way.
import type { MailKind } from '../../api/modules/mail/kinds';

describe('the mail outbox', () => {
  const api = useApi();

  it('queues a message as pending', async () => {
    const id = await enqueueMail(api.test.database.db, {
      kind: 'test.hello' as MailKind,
      to: 'shopper@example.com',
      subject: 'Hello',
      text: 'Hello there',
    });
    const [row] = await api.test.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, to: 'shopper@example.com' });
  });

  it('writes nothing when the transaction that caused it rolls back', async () => {
    const { db } = api.test.database;
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, {
          kind: 'test.rollback' as MailKind,
          to: 'a@example.com',
          subject: 's',
          text: 't',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await db.select().from(outbox).where(eq(outbox.kind, 'test.rollback'));
    expect(rows).toEqual([]);
  });
});
