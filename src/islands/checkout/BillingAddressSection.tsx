import type { SavedAddressDto } from '../../../core/user/addresses-model';
import type { CheckoutAddress } from '../../stores/checkout';
import { AddressFields } from '../shared/AddressFields';
import { CHECKOUT_TEXT } from './messages';
import { SavedAddressCards } from './SavedAddressCards';

interface Props {
  /** A cart of digital items only: no "same as shipping", the tax follows this address. */
  digitalOnly: boolean;
  same: boolean;
  onSame(same: boolean): void;
  /** A signed-in shopper's saved addresses (none for a guest). */
  saved: SavedAddressDto[];
  chosen: string | null;
  onChoose(id: string | null): void;
  recipient: string;
  value: CheckoutAddress;
  errors: Record<string, string>;
  onChange(value: CheckoutAddress): void;
}

/**
 * The billing step's address: "same as shipping" (ticked by default) or, unticked, a saved
 * address as a card or one typed in. With digital items only nothing ships: the address is asked
 * for outright, and the page says the sales tax comes from it.
 */
export function BillingAddressSection(props: Props) {
  const { digitalOnly, same, saved, chosen } = props;
  const useSaved = saved.length > 0 && (digitalOnly || !same);
  return (
    <fieldset>
      <legend>Billing address</legend>
      {digitalOnly ? (
        <p className="hint" id="billing-tax-note">
          {CHECKOUT_TEXT.billingTaxNote}
        </p>
      ) : (
        <label className="checkbox">
          <input
            id="billing-same"
            type="checkbox"
            checked={same}
            onChange={(event) => props.onSame(event.target.checked)}
          />
          Billing address same as shipping
        </label>
      )}
      {useSaved && (
        <SavedAddressCards
          legend="Saved addresses"
          name="billing-saved-address"
          addresses={saved}
          chosen={chosen}
          onChoose={props.onChoose}
          otherLabel="Use another address"
          recipient={props.recipient}
        />
      )}
      {/* Always in the page, shown by CSS when the box is unticked: it works before hydration. */}
      {!(useSaved && chosen !== null) && (
        <div className="billing-address">
          <AddressFields
            idPrefix="billing"
            section="billing"
            title={useSaved ? 'Another address' : undefined}
            value={props.value}
            errors={props.errors}
            onChange={props.onChange}
          />
        </div>
      )}
    </fieldset>
  );
}
