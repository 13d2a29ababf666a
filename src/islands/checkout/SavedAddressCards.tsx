import type { SavedAddressDto } from '../../../core/user/addresses-model';

interface Props {
  legend: string;
  /** The radio group's name. */
  name: string;
  addresses: SavedAddressDto[];
  /** The chosen address's id, or null: the address typed in the form below. */
  chosen: string | null;
  onChoose(id: string | null): void;
  /** The last card's text: "Ship to another address" (shipping), "Use another address" (billing). */
  otherLabel: string;
  /** The recipient's name when a saved address carries none: the account holder's. */
  recipient: string;
}

const OTHER = 'other';

/**
 * The saved-address picker (issue 24 point 5): each address a full-width radio card, its
 * recipient's name on the first line and the address on the second, the "another address" card
 * last. Real radio inputs inside their labels, so arrows, space and a tap anywhere on a card work.
 */
export function SavedAddressCards({
  legend,
  name,
  addresses,
  chosen,
  onChoose,
  otherLabel,
  recipient,
}: Props) {
  return (
    <fieldset className="saved-addresses">
      <legend>{legend}</legend>
      {addresses.map((entry) => (
        <label key={entry._id} className="address-card">
          <input
            type="radio"
            name={name}
            value={entry._id}
            checked={chosen === entry._id}
            onChange={() => onChoose(entry._id)}
          />
          <span className="address-card-text">
            <span className="address-card-name">
              {[entry.firstname, entry.lastname].filter(Boolean).join(' ') || recipient}
            </span>
            <span>
              {[entry.line1, entry.line2, entry.city, `${entry.state} ${entry.zipcode}`]
                .filter(Boolean)
                .join(', ')}
            </span>
          </span>
        </label>
      ))}
      <label className="address-card">
        <input
          type="radio"
          name={name}
          value={OTHER}
          checked={chosen === null}
          onChange={() => onChoose(null)}
        />
        <span className="address-card-text">
          <span className="address-card-name">{otherLabel}</span>
        </span>
      </label>
    </fieldset>
  );
}

/** A saved address is the account holder's: their name on its card. */
export const recipientName = (user: { firstname: string; lastname: string } | null) =>
  user ? [user.firstname, user.lastname].filter(Boolean).join(' ') : '';
