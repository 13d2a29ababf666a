import { useEffect, useState, type RefObject } from 'react';
import { emptyNamedAddress } from '../../../core/address/model';
import type { SavedAddressDto } from '../../../core/user/addresses-model';
import {
  $checkout,
  NO_GIFT,
  type CheckoutAddress,
  type CheckoutGift,
  type GuestContact,
} from '../../stores/checkout';
import { untouched } from '../../lib/early-form';
import { getJson } from '../shared/api';
import { validate } from './validation';

/** The shipping step's state: its empty values, what it fetches, what it fills in. */

export type Saved = { kind: 'loading' } | { kind: 'ready'; addresses: SavedAddressDto[] };

const sameAddress = (a: SavedAddressDto, b: { line1: string; zipcode: string; city: string }) =>
  a.line1 === b.line1 && a.zipcode === b.zipcode && a.city === b.city;

export function errorsOf(result: ReturnType<typeof validate>): Record<string, string> {
  return result.ok ? {} : result.errors;
}

export const EMPTY_CONTACT: GuestContact = { firstname: '', lastname: '', email: '' };
/** The shipping address with its recipient's name (issue 26): the buyer's unless changed. */
export type NamedAddress = Required<CheckoutAddress>;
export const EMPTY_ADDRESS: NamedAddress = emptyNamedAddress();
export const named = (address: CheckoutAddress): NamedAddress => ({
  ...address,
  firstname: address.firstname ?? '',
  lastname: address.lastname ?? '',
});

type Setter<T> = (change: (current: T) => T) => void;

/**
 * Once hydrated, a group of fields the shopper left empty takes what the checkout stored (a whole
 * group, so a typed address never gets another address's second line or city); and the page's
 * early mark (DigitalCartMark.astro) follows the cart as the island reads it.
 */
export function useStoredShipping(
  hydrated: boolean,
  digitalOnly: boolean,
  setContact: Setter<GuestContact>,
  setAddress: Setter<NamedAddress>,
  setGiftState: Setter<CheckoutGift>,
) {
  useEffect(() => {
    if (!hydrated) return;
    const stored = $checkout.get();
    setContact((current) => (untouched(current) ? stored.guestContact : current));
    setAddress((current) => (untouched(current) ? named(stored.shippingAddress) : current));
    setGiftState((current) => (current.isGift ? current : { ...NO_GIFT, ...stored.gift }));
  }, [hydrated, setContact, setAddress, setGiftState]);

  useEffect(() => {
    if (hydrated) document.documentElement.toggleAttribute('data-digital-cart', digitalOnly);
  }, [hydrated, digitalOnly]);
}

/**
 * A signed-in shopper's saved addresses: the first one (or the one chosen before) preselected,
 * unless an address was typed before the page was ready: that one is kept.
 */
export function useShippingAddressBook(
  isLoggedIn: boolean,
  digitalOnly: boolean,
  addressTyped: RefObject<boolean>,
  shippingAddress: CheckoutAddress,
) {
  /** The saved addresses once fetched (a signed-in shopper's), null before. */
  const [fetched, setFetched] = useState<SavedAddressDto[] | null>(null);
  /** The saved address chosen, or null: ship to the address typed in the form. */
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (!isLoggedIn || digitalOnly) return;
    let active = true;
    void getJson<SavedAddressDto[]>('/user/addresses').then((result) => {
      if (!active) return;
      const addresses = result.ok ? result.data : [];
      setFetched(addresses);
      if (addressTyped.current) return;
      const previous = addresses.find((entry) => sameAddress(entry, shippingAddress));
      setChosen((previous ?? addresses[0])?._id ?? null);
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoggedIn]);
  const book: Saved =
    isLoggedIn && fetched === null
      ? { kind: 'loading' }
      : { kind: 'ready', addresses: fetched ?? [] };
  const savedAddresses = book.kind === 'ready' ? book.addresses : [];
  const chosenAddress = savedAddresses.find((entry) => entry._id === chosen) ?? null;
  return { book, savedAddresses, chosen, setChosen, chosenAddress };
}

/** An empty cart has nothing to ship: back to the cart; digital items only, signed in: nothing to ask. */
export function useLeaveShippingStep(
  hydrated: boolean,
  lines: number,
  digitalOnly: boolean,
  isLoggedIn: boolean,
) {
  useEffect(() => {
    if (hydrated && lines === 0) window.location.replace('/cart');
    else if (digitalOnly && isLoggedIn) window.location.replace('/billing');
  }, [hydrated, lines, digitalOnly, isLoggedIn]);
}
