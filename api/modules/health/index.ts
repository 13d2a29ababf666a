import { Elysia } from 'elysia';
import type { Database } from '../../db/client';
import { AppError, MESSAGES } from '../../lib/errors';

/** GET /api/health: answers 200 only when the database answers. */
export const healthModule = (database: Database) =>
  new Elysia({ name: 'health' }).get('/health', async () => {
    try {
      await database.ping();
    } catch {
      throw new AppError('UNAVAILABLE', MESSAGES.unavailable);
    }
    return { status: 'ok', database: database.kind };
  });
