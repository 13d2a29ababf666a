import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { occasions, shopClosures, transitDays } from '../../db/schema';
import type { AdminAuthPlugin } from '../auth';
import { audit, type Actor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { backOffice } from '../../plugins/back-office';
import {
  ARRIVAL_SETTINGS_MESSAGES as M,
  closureBody,
  occasionBody,
  settingIdParams,
  transitBody,
  transitStateParams,
  type ClosureBody,
  type OccasionBody,
  type TransitBody,
} from '../../../core/arrival-settings';
import { forgetArrivalSettings, loadArrivalSettings, settingsDto } from './settings';

/** Runs one owner's change with its audit row in one transaction, then answers the new settings. */
async function change(db: Db, write: (tx: Db) => Promise<void>) {
  await db.transaction(async (tx) => write(tx));
  forgetArrivalSettings(db);
  return settingsDto(await loadArrivalSettings(db));
}

async function addClosure(db: Db, user: Actor, body: ClosureBody) {
  return change(db, async (tx) => {
    const [row] = await tx
      .insert(shopClosures)
      .values({ fromDay: body.from, toDay: body.to, note: body.note })
      .returning();
    await audit(tx, user, {
      action: 'arrival.closure-add',
      entity: 'shop_closures',
      entityId: String(row!.id),
      after: body,
    });
  });
}

async function removeClosure(db: Db, user: Actor, id: number) {
  return change(db, async (tx) => {
    const [row] = await tx.delete(shopClosures).where(eq(shopClosures.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', M.closureGone);
    await audit(tx, user, {
      action: 'arrival.closure-remove',
      entity: 'shop_closures',
      entityId: String(id),
      before: { from: row.fromDay, to: row.toDay, note: row.note },
    });
  });
}

async function addOccasion(db: Db, user: Actor, body: OccasionBody) {
  return change(db, async (tx) => {
    const [row] = await tx
      .insert(occasions)
      .values({ name: body.name, day: body.date, noticeDays: body.noticeDays })
      .returning();
    await audit(tx, user, {
      action: 'arrival.occasion-add',
      entity: 'occasions',
      entityId: String(row!.id),
      after: body,
    });
  });
}

async function removeOccasion(db: Db, user: Actor, id: number) {
  return change(db, async (tx) => {
    const [row] = await tx.delete(occasions).where(eq(occasions.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', M.occasionGone);
    await audit(tx, user, {
      action: 'arrival.occasion-remove',
      entity: 'occasions',
      entityId: String(id),
      before: { name: row.name, date: row.day, noticeDays: row.noticeDays },
    });
  });
}

/** Sets a state's transit days; the spec's 5–7 again when `body` is null. */
async function setTransit(db: Db, user: Actor, state: string, body: TransitBody | null) {
  return change(db, async (tx) => {
    const [before] = await tx.select().from(transitDays).where(eq(transitDays.state, state));
    if (body) {
      const values = { minDays: body.min, maxDays: body.max };
      await tx
        .insert(transitDays)
        .values({ state, ...values })
        .onConflictDoUpdate({ target: transitDays.state, set: values });
    } else {
      await tx.delete(transitDays).where(eq(transitDays.state, state));
    }
    await audit(tx, user, {
      action: body ? 'arrival.transit-set' : 'arrival.transit-default',
      entity: 'transit_days',
      entityId: state,
      before: before ? { min: before.minDays, max: before.maxDays } : null,
      after: body ? { min: body.min, max: body.max } : null,
    });
  });
}

/**
 * The back office's arrival settings (issue 41), under /api/admin/arrival: the shop's closures,
 * the occasions of the notice bar, and each state's transit days. Every change is audited.
 */
export const adminArrivalModule = ({ db, adminAuth }: { db: Db; adminAuth: AdminAuthPlugin }) =>
  backOffice('admin-arrival', adminAuth)
    .get('/arrival', async () => settingsDto(await loadArrivalSettings(db)), { admin: true })
    .post('/arrival/closures', ({ body, user }) => addClosure(db, user, body), {
      admin: true,
      body: closureBody,
    })
    .delete('/arrival/closures/:id', ({ params, user }) => removeClosure(db, user, params.id), {
      admin: true,
      params: settingIdParams,
    })
    .post('/arrival/occasions', ({ body, user }) => addOccasion(db, user, body), {
      admin: true,
      body: occasionBody,
    })
    .delete('/arrival/occasions/:id', ({ params, user }) => removeOccasion(db, user, params.id), {
      admin: true,
      params: settingIdParams,
    })
    .put('/arrival/transit', ({ body, user }) => setTransit(db, user, body.state, body), {
      admin: true,
      body: transitBody,
    })
    .delete(
      '/arrival/transit/:state',
      ({ params, user }) => setTransit(db, user, params.state, null),
      { admin: true, params: transitStateParams },
    );
