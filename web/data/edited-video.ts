/**
 * What this device keeps of a video its creator edited (issue 23 §2): the service worker's saved
 * API answers (Cache Storage reel-api-public-v2) that name it are rewritten, so an offline reload
 * shows the edit rather than the answer saved before it. Online, the worker reads the network
 * first (web/sw.ts), so other viewers get the edit on their next visit.
 *
 * The query cache (persisted to IndexedDB) is the caller's part: features/studio/apply-edit.ts.
 */
import { API_CACHE } from './public-api-reads';

/**
 * Rewrites every saved API answer that names `videoId` with `rewrite`, which answers the same
 * object when the answer holds nothing to change, or null to drop it; an answer that is not JSON is
 * dropped too.
 */
export async function rewriteSavedAnswers(
  videoId: string,
  rewrite: (body: unknown) => unknown,
): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(API_CACHE))) return;
  const cache = await caches.open(API_CACHE);
  for (const request of await cache.keys()) {
    const answer = await cache.match(request);
    if (!answer) continue;
    const text = await answer.text();
    if (!text.includes(videoId)) continue;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      await cache.delete(request);
      continue;
    }
    const next = rewrite(body);
    if (next === body) continue;
    if (next === null) {
      await cache.delete(request);
      continue;
    }
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    await cache.put(
      request,
      new Response(JSON.stringify(next), { status: answer.status, statusText: answer.statusText, headers }),
    );
  }
}
