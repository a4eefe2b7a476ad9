/**
 * Upload throughput (issue 14.5): one multipart upload of N MiB through the same HTTP calls the web
 * app makes (web/features/upload/resumable-upload.ts), against local wrangler on loopback. Prints
 * the wall time from create to complete and MiB/s. Stops by itself.
 *
 *   npx tsx scripts/bench/upload.ts [--mib 1024]
 */
import { parseArgs } from 'node:util';
import { dataEnvelope } from '../../schema/api';
import { UploadSessionSchema } from '../../schema/uploads';
import { expectOk, signUpOverHttp } from '../../tests/factories/http-user';
import { startBenchWorker } from '../lib/seeded-worker';

const MiB = 1024 * 1024;
const { values } = parseArgs({ options: { mib: { type: 'string', default: '1024' } } });
const size = Number(values.mib) * MiB;

/** Bytes of part n: the same filler every time, the first part starting like an MP4 (`ftyp`). */
const partBytes = (length: number, n: number): Uint8Array => {
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
  const userId = user.userId;
  const started = performance.now();
  const created = await expectOk(
    await user.call('/api/videos/uploads', {
      method: 'POST',
      body: JSON.stringify({
        fileName: 'bench.mp4',
        size,
        contentType: 'video/mp4',
        title: 'Bench',
        userId,
        duration: 60,
      }),
    }),
    'create',
  );
  const session = dataEnvelope(UploadSessionSchema).parse(await created.json()).data;
  for (let n = 1; n <= session.partCount; n++) {
    const length =
      n < session.partCount ? session.partSize : size - session.partSize * (session.partCount - 1);
    await expectOk(
      await fetch(new URL(`/api/videos/uploads/${session.id}/parts/${n}`, worker.url), {
        method: 'PUT',
        headers: { Cookie: user.cookie },
        body: partBytes(length, n),
      }),
      `part ${n}`,
    );
  }
  await expectOk(
    await user.call(`/api/videos/uploads/${session.id}/complete`, { method: 'POST', body: '{}' }),
    'complete',
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Uploaded ${values.mib} MiB in ${session.partCount} parts of ${session.partSize / MiB} MiB through the worker, ` +
      `one part at a time: ${seconds.toFixed(1)} s (${(size / MiB / seconds).toFixed(1)} MiB/s)`,
  );
} finally {
  await worker.stop();
}
