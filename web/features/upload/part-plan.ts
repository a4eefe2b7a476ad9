/** How a file is cut into parts: every part is `partSize` bytes long except the last. */
export type PartPlan = { size: number; partSize: number; partCount: number };

/** The byte range [start, end) of part `n` (1-based). */
export const partRange = (plan: PartPlan, n: number): { start: number; end: number } => {
  const start = (n - 1) * plan.partSize;
  return { start, end: Math.min(start + plan.partSize, plan.size) };
};

/** The parts still to send, in order: every part the server has not confirmed. */
export const partsToSend = (plan: PartPlan, confirmed: readonly number[]): number[] => {
  const held = new Set(confirmed);
  return Array.from({ length: plan.partCount }, (_, i) => i + 1).filter((n) => !held.has(n));
};

/** Bytes the confirmed parts hold. */
export const confirmedBytes = (plan: PartPlan, confirmed: readonly number[]): number =>
  [...new Set(confirmed)]
    .filter((n) => n >= 1 && n <= plan.partCount)
    .reduce((sum, n) => {
      const { start, end } = partRange(plan, n);
      return sum + (end - start);
    }, 0);

/** Whole percent of `loaded` out of `total`, 0-100. */
export const percentOf = (loaded: number, total: number): number =>
  total > 0 ? Math.min(100, Math.max(0, Math.floor((loaded / total) * 100))) : 0;

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A byte count for people: '512 B', '1.5 KB', '12.3 MB', '2.00 GB' (binary multiples). */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 2 ? 2 : 1)} ${UNITS[unit]}`;
};
