/** How long a probe may take before its storage counts as down (a hung binding must not hang health). */
const PROBE_TIMEOUT_MS = 3000;

export type ProbeResult = 'ok' | 'error';

const withinTimeout = async (probe: () => Promise<unknown>): Promise<ProbeResult> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
};

/** D1 answers a query. */
export const probeD1 = (db: D1Database) => withinTimeout(() => db.prepare('SELECT 1 AS one').first());

/** R2 answers a metadata read (the key need not exist: a miss is an answer). */
export const probeR2 = (bucket: R2Bucket) => withinTimeout(() => bucket.head('health/probe'));
