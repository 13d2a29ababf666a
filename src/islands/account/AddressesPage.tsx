import { useStore } from '@nanostores/react';
import { useEffect, type SubmitEvent } from 'react';
import { emptyNamedAddress, shippingAddressSchema } from '../../../core/address/model';
import { ADDRESS_BOOK_MESSAGES, type SavedAddressDto } from '../../../core/user/addresses-model';
import { api } from '../../lib/api-client';
import { useDomInitialState, useEarlySubmit } from '../../lib/early-form';
import { $auth } from '../../stores/auth';
import type { CheckoutAddress } from '../../stores/checkout';
import { useHydrated } from '../shared/useHydrated';
import { AddressFields } from '../shared/AddressFields';
import { FormMessages } from '../shared/FormFeedback';
import { useForm } from '../shared/useForm';
import { RequireSession } from './RequireSession';
import { useSavedList, type SavedList } from './useSavedList';
import styles from '../shared/Account.module.css';

/** A saved address carries its recipient's name (issue 26): the account holder's by default. */
const EMPTY: Required<CheckoutAddress> = emptyNamedAddress();
const fieldName = (field: string) => `account-address-${field}`;

const oneLine = (entry: SavedAddressDto) =>
  [
    [entry.firstname, entry.lastname].filter(Boolean).join(' '),
    entry.line1,
    entry.line2,
    entry.city,
    `${entry.state} ${entry.zipcode}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * spec §2 Addresses: list the saved addresses, add one with the checkout's form, delete. The add
 * form holds nothing of the account, so the server renders it (empty) and a shopper can type while
 * the script loads (issue 13 point 10); the list is shown and asked for once hydrated.
 */
function AddressBook({ signedIn }: { signedIn: boolean }) {
  const { list, reload } = useSavedList<SavedAddressDto>('/user/addresses', signedIn);
  const [address, setAddress] = useDomInitialState(EMPTY, fieldName);
  const { form, errors, status, sending, check, fail, showErrors, setStatus } = useForm(
    Object.keys(EMPTY),
    fieldName,
  );
  const earlySubmit = useEarlySubmit(form);
  const { user } = useStore($auth);
  // The account holder's name fills an empty recipient once known; the shopper may change it.
  useEffect(() => {
    if (!user) return;
    setAddress((current) =>
      current.firstname === '' && current.lastname === ''
        ? { ...current, firstname: user.firstname, lastname: user.lastname }
        : current,
    );
  }, [user, setAddress]);

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(shippingAddressSchema, address);
    if (!body) return;
    const result = await api.post<SavedAddressDto>('/user/addAddress', body);
    if (result.ok) {
      setStatus({ kind: 'editing' });
      setAddress(user ? { ...EMPTY, firstname: user.firstname, lastname: user.lastname } : EMPTY);
      await reload();
      return;
    }
    if (result.fields) showErrors(result.fields);
    fail(ADDRESS_BOOK_MESSAGES.addFailed);
  }

  async function remove(entry: SavedAddressDto) {
    setStatus({ kind: 'editing' });
    const result = await api.delete('/user/address', { _id: entry._id });
    if (!result.ok && result.status !== 401) fail(ADDRESS_BOOK_MESSAGES.deleteFailed);
    await reload();
  }

  return (
    <div className="checkout-flow">
      {/* Nothing of the account in the server's HTML (the guard): the list comes once signed in. */}
      {signedIn && <SavedAddresses list={list} onRemove={(entry) => void remove(entry)} />}
      <form
        ref={form}
        noValidate
        onSubmit={add}
        aria-labelledby="add-address-title"
        {...earlySubmit}
      >
        <h2 id="add-address-title">Add an address</h2>
        <AddressFields
          idPrefix="account-address"
          section="shipping"
          title="New address"
          value={address}
          withName
          errors={errors}
          onChange={(next) => setAddress({ ...EMPTY, ...next })}
        />
        <FormMessages status={status} transient />
        <button type="submit" className={styles.button} disabled={sending}>
          Add address
        </button>
      </form>
    </div>
  );
}

interface SavedProps {
  list: SavedList<SavedAddressDto>;
  onRemove: (entry: SavedAddressDto) => void;
}

/** The saved addresses, each with its Delete (loading, failed and empty said as such). */
function SavedAddresses({ list, onRemove }: SavedProps) {
  return (
    <section className={styles.section} aria-labelledby="saved-addresses-title">
      <h2 id="saved-addresses-title">Saved addresses</h2>
      {list.kind === 'loading' && <p role="status">Loading your addresses…</p>}
      {list.kind === 'failed' && (
        <div className={styles.error} role="alert">
          <p>{ADDRESS_BOOK_MESSAGES.loadFailed}</p>
        </div>
      )}
      {list.kind === 'ready' && list.entries.length === 0 && (
        <p className={styles.hint}>{ADDRESS_BOOK_MESSAGES.empty}</p>
      )}
      {list.kind === 'ready' && list.entries.length > 0 && (
        <ul className="address-list">
          {list.entries.map((entry) => (
            <li key={entry._id}>
              <span>{oneLine(entry)}</span>{' '}
              <button
                type="button"
                className={styles.secondary}
                onClick={() => onRemove(entry)}
                aria-label={`Delete ${oneLine(entry)}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Behind the login guard: a shopper known to be signed out (once hydrated) goes to /login through
 * RequireSession; an expired session is renewed or sent there by the API client.
 */
export default function AddressesPage() {
  const hydrated = useHydrated();
  const { isLoggedIn } = useStore($auth);
  if (hydrated && !isLoggedIn) return <RequireSession>{() => null}</RequireSession>;
  return <AddressBook signedIn={hydrated} />;
}
