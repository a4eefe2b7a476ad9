import type { RenditionHealth, StreamHealth } from '../../schema/live-dashboard';

/** How many of a rendition's newest listed segments its bitrate is measured over (~10 s at -hls_time 2). */
export const HEALTH_SEGMENTS = 5;

type RenditionRow = {
  variant: string;
  bytes: number | null;
  seconds: number | null;
  measured: number;
  missing: number;
  last_at: number;
};

/**
 * The health of a session's broadcast at the local ingest (issue 24.3), from the segments of the
 * key's current run when that run is this session's (none yet: no renditions). Per rendition: the
 * bitrate of its newest `HEALTH_SEGMENTS` listed segments (bytes over their durations), and the
 * segments that never arrived. The encoder numbers a rendition's segments 0, 1, 2... (`720p12.ts`)
 * and our `variant_seq` counts the ones that arrived; within one encoder process (a discontinuity
 * sequence) the difference of their spans is the number skipped, and it stays right after old
 * segments are pruned, since a pruned segment still took its `variant_seq`.
 */
export const localStreamHealth = async (
  db: D1Database,
  streamKeyId: string,
  sessionId: string,
): Promise<StreamHealth> => {
  const { results } = await db
    .prepare(
      `WITH run AS (
         SELECT run_id FROM live_ingest WHERE stream_key_id = ?1 AND session_id = ?2
       ),
       seg AS (
         SELECT s.variant, s.bytes, s.duration, s.discontinuity_seq, s.variant_seq, s.received_at,
                CAST(substr(s.name, length(s.variant) + 1) AS INTEGER) AS number,
                ROW_NUMBER() OVER (PARTITION BY s.variant, s.duration IS NULL ORDER BY s.seq DESC) AS newest
           FROM live_segments s, run
          WHERE s.stream_key_id = ?1 AND s.run_id = run.run_id
       ),
       gaps AS (
         SELECT variant, MAX(0, (MAX(number) - MIN(number)) - (MAX(variant_seq) - MIN(variant_seq))) AS missing
           FROM seg GROUP BY variant, discontinuity_seq
       )
       SELECT seg.variant,
              SUM(CASE WHEN duration IS NOT NULL AND newest <= ?3 THEN bytes END) AS bytes,
              SUM(CASE WHEN duration IS NOT NULL AND newest <= ?3 THEN duration END) AS seconds,
              COUNT(CASE WHEN duration IS NOT NULL AND newest <= ?3 THEN 1 END) AS measured,
              (SELECT SUM(missing) FROM gaps WHERE gaps.variant = seg.variant) AS missing,
              MAX(received_at) AS last_at
         FROM seg GROUP BY seg.variant ORDER BY seg.variant`,
    )
    .bind(streamKeyId, sessionId, HEALTH_SEGMENTS)
    .all<RenditionRow>();
  const renditions: RenditionHealth[] = results.map((row) => ({
    name: row.variant,
    bitrateKbps: row.bytes && row.seconds ? Math.round((row.bytes * 8) / row.seconds / 1000) : null,
    measuredSegments: row.measured,
    missingSegments: row.missing ?? 0,
  }));
  const lastSegmentAt = results.length ? Math.max(...results.map((row) => row.last_at)) : null;
  return { provider: 'local', lastSegmentAt, renditions };
};
