import { and, asc, count, eq } from 'drizzle-orm';
import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { userAddresses, type UserAddressRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthPlugin } from '../auth';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { Address, RecipientName } from '../../../core/address/model';
import {
  ADDRESS_BOOK_MESSAGES,
  addAddressBody,
  deleteAddressBody,
  MAX_SAVED_ADDRESSES,
  type SavedAddressDto,
} from '../../../core/user/addresses-model';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toAddressDto(row: UserAddressRow): SavedAddressDto {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
  };
}

/** The customer's addresses, oldest first (the first is the one checkout preselects). */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddressDto[]> {
  const rows = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id));
  return rows.map(toAddressDto);
}

/** Saves an address with its recipient's name; the same address for the same name is kept once. */
export async function addAddress(
  db: Db,
  userId: string,
  address: Address & RecipientName,
): Promise<SavedAddressDto> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .for('update');
    const same = rows.find(
      (row) =>
        row.firstname === address.firstname &&
        row.lastname === address.lastname &&
        row.line1 === address.line1 &&
        row.line2 === address.line2 &&
        row.city === address.city &&
        row.state === address.state &&
        row.zipcode === address.zipcode,
    );
    if (same) return toAddressDto(same);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId));
    if (n >= MAX_SAVED_ADDRESSES) throw new AppError('CONFLICT', ADDRESS_BOOK_MESSAGES.tooMany);
    const [row] = await tx
      .insert(userAddresses)
      .values({ userId, ...address })
      .returning();
    return toAddressDto(row!);
  });
}

/** Deletes one of the customer's own addresses; another's id, or an unknown one, is a 404. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  const notFound = new AppError('NOT_FOUND', ADDRESS_BOOK_MESSAGES.notFound);
  if (!UUID.test(id)) throw notFound;
  const deleted = await db
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning({ id: userAddresses.id });
  if (deleted.length === 0) throw notFound;
}

/** GET /user/addresses, POST /user/addAddress, DELETE /user/address (spec §7), signed-in only; mounted in userModule (prefix /user). */
export const addressBookRoutes = ({ db, auth }: { db: Db; auth: AuthPlugin }) =>
  new Elysia({ name: 'user-addresses' })
    .use(sameSiteJson)
    .use(auth)
    .get('/addresses', ({ user }) => listAddresses(db, user.id), { auth: true })
    .post(
      '/addAddress',
      async ({ body, user, set }) => {
        // A name left out is the account holder's (issue 26).
        const saved = await addAddress(db, user.id, {
          ...body,
          firstname: body.firstname || user.firstname,
          lastname: body.lastname || user.lastname,
        });
        set.status = 201;
        return saved;
      },
      { body: addAddressBody, auth: true },
    )
    .delete(
      '/address',
      async ({ body, user }) => {
        await deleteAddress(db, user.id, body._id);
        return { _id: body._id };
      },
      { body: deleteAddressBody, auth: true },
    );
