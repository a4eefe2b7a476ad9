/**
 * Upload throughput (issue 14.5): one multipart upload of N MiB through the same HTTP calls the web
 * app makes (web/features/upload/resumable-upload.ts): create, then per part a presigned URL, the
 * bytes PUT straight to storage (the worker's local `/s3` here, R2's S3 API when deployed) and the
 * ETag recorded, `PARALLEL_PARTS` at a time, then complete. Local wrangler on loopback; prints the
 * wall time from create to complete and MiB/s. Stops by itself.
 *
 *   npx tsx scripts/bench/upload.ts [--mib 1024]
 */
import { parseArgs } from 'node:util';
import { dataEnvelope } from '../../schema/api';
import { PartUrlsSchema, UploadSessionSchema } from '../../schema/uploads';
import { expectOk, signUpOverHttp } from '../../tests/factories/http-user';
import { PARALLEL_PARTS } from '../../web/features/upload/part-pool';
import { startBenchWorker } from '../lib/seeded-worker';

const MiB = 1024 * 1024;
const { values } = parseArgs({ options: { mib: { type: 'string', default: '1024' } } });
const size = Number(values.mib) * MiB;

/** Bytes of part n: the same filler every time, the first part starting like an MP4 (`ftyp`). */
const partBytes = (length: number, n: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 4096) bytes[i] = (n + i / 4096) & 0xff;
  if (n === 1) bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom')], 0);
  return bytes;
};

const worker = await startBenchWorker();
try {
  const user = await signUpOverHttp(worker.url, {
    prefix: 'u',
    fullName: 'Bench Creator',
    description: 'Uploading things.',
    avatar: '/media/avatars/bench.svg',
  });
  const started = performance.now();
  const created = await expectOk(
    await user.call('/api/videos/uploads', {
      method: 'POST',
      body: JSON.stringify({
        fileName: 'bench.mp4',
        size,
        contentType: 'video/mp4',
        title: 'Bench',
        userId: user.userId,
        duration: 60,
      }),
    }),
    'create',
  );
  const session = dataEnvelope(UploadSessionSchema).parse(await created.json()).data;
  const uploads = `/api/videos/uploads/${session.id}`;
  let retries = 0;
  /** Like the web app's withRetry: a 5xx or a dropped connection sends the part again. */
  const withRetry = async (attempt: () => Promise<void>) => {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (tries >= 6 || !/failed: 5\d\d|fetch failed/.test(String(error))) throw error;
        retries++;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const sendPart = async (n: number) => {
    const signed = await expectOk(
      await user.call(`${uploads}/parts/sign`, {
        method: 'POST',
        body: JSON.stringify({ partNumbers: [n] }),
      }),
      `sign ${n}`,
    );
    const url = dataEnvelope(PartUrlsSchema).parse(await signed.json()).data.parts[0]?.url ?? '';
    const length =
      n < session.partCount ? session.partSize : size - session.partSize * (session.partCount - 1);
    const stored = await expectOk(
      await fetch(url, { method: 'PUT', body: partBytes(length, n) }),
      `part ${n}`,
    );
    const etag = stored.headers.get('ETag');
    await expectOk(
      await user.call(`${uploads}/parts/${n}`, { method: 'PUT', body: JSON.stringify({ etag }) }),
      `record ${n}`,
    );
  };
  const queue = Array.from({ length: session.partCount }, (_, i) => i + 1);
  await Promise.all(
    Array.from({ length: PARALLEL_PARTS }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await withRetry(() => sendPart(n));
    }),
  );
  await expectOk(await user.call(`${uploads}/complete`, { method: 'POST', body: '{}' }), 'complete');
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Uploaded ${values.mib} MiB in ${session.partCount} parts of ${session.partSize / MiB} MiB straight to ` +
      `storage, ${PARALLEL_PARTS} at a time: ${seconds.toFixed(1)} s (${(size / MiB / seconds).toFixed(1)} MiB/s, ` +
      `${retries} part(s) sent again)`,
  );
} finally {
  await worker.stop();
}
