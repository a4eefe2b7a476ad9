import { useDropdown } from '../layout/nav-menu';

type PlayerMenuProps<T> = {
  /** The button's accessible name ('Playback speed', 'Quality'). */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/**
 * A control bar menu (speed, quality): a button showing the current choice that opens a list of
 * the others above it; the chosen one is pressed. Keys, Escape and a click outside as in the
 * site's other dropdowns.
 */
export function PlayerMenu<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: PlayerMenuProps<T>) {
  const { open, close, rootRef, listId, buttonProps } = useDropdown();
  const current = options.find((option) => option.value === value);
  return (
    <div className="player-menu" ref={rootRef}>
      <button {...buttonProps} className="player-button player-menu-button" aria-label={label}>
        {current?.label ?? String(value)}
      </button>
      <div id={listId} className="player-menu-list" hidden={!open}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            onClick={() => {
              onChange(option.value);
              close();
            }}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
