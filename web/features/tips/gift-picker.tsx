import { useId } from 'react';
import { GIFTS, type Gift } from '../../../schema/catalogue';

/**
 * A gift's picture: an SVG file under web/public/gifts/ named after the gift ('Gift Box' ->
 * /gifts/gift-box.svg). Not the catalogue's emoji: without an emoji font those draw as empty
 * boxes. The files load with the dialog, never with home.
 */
const giftIconUrl = (gift: Gift) => `/gifts/${gift.name.toLowerCase().replaceAll(' ', '-')}.svg`;

type GiftPickerProps = {
  selected: Gift | null;
  onSelect: (gift: Gift) => void;
  disabled?: boolean;
  /** The tipper's $REEL: a gift that costs more is marked (still choosable: the dialog says why not). */
  balance?: number | null;
};

/**
 * The 20 catalogue gifts with picture and price as native radio buttons, so the keyboard works as
 * everywhere: Tab enters the group at the chosen gift, arrow keys move and choose.
 */
export function GiftPicker({ selected, onSelect, disabled, balance = null }: GiftPickerProps) {
  const name = useId();
  const short = (gift: Gift) => balance !== null && gift.price > balance;
  return (
    <fieldset className="gift-grid" disabled={disabled}>
      <legend className="visually-hidden">Gifts</legend>
      {GIFTS.map((gift) => (
        <label key={gift.name} className="gift-option" data-short={short(gift) ? 'true' : undefined}>
          <input
            type="radio"
            className="gift-input"
            name={name}
            value={gift.name}
            checked={selected === gift}
            onChange={() => onSelect(gift)}
            aria-label={`${gift.name}, ${gift.price} ${gift.price === 1 ? 'coin' : 'coins'}${short(gift) ? ', more than your balance' : ''}`}
          />
          <img className="gift-icon" src={giftIconUrl(gift)} alt="" width={32} height={32} decoding="async" />
          <span className="gift-name" aria-hidden="true">
            {gift.name}
          </span>
          <span className="gift-price" aria-hidden="true">
            {gift.price}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
