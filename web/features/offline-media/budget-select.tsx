import { useId } from 'react';
import { defaultBudgetBytes } from '../../data/offline-media-store';
import { formatBytes } from '../upload/part-plan';

const MIB = 1024 ** 2;
const CHOICES = [256 * MIB, 512 * MIB, 1024 * MIB, 2048 * MIB];

type BudgetSelectProps = {
  /** The budget the user chose, or null for the default. */
  chosen: number | null;
  quota: number | undefined;
  onChange: (bytes: number | null) => void;
};

/** The downloads' budget: a few sizes, or the default (1 GiB or 20 % of the quota, whichever is lower). */
export function BudgetSelect({ chosen, quota, onChange }: BudgetSelectProps) {
  const id = useId();
  return (
    <p className="downloads-budget">
      <label htmlFor={id}>Storage budget</label>
      <select
        id={id}
        className="text-input"
        value={chosen === null ? '' : String(chosen)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Default ({formatBytes(defaultBudgetBytes(quota))})</option>
        {CHOICES.map((bytes) => (
          <option key={bytes} value={String(bytes)}>
            {formatBytes(bytes)}
          </option>
        ))}
        {chosen !== null && !CHOICES.includes(chosen) && (
          <option value={String(chosen)}>{formatBytes(chosen)}</option>
        )}
      </select>
    </p>
  );
}
