/// <reference lib="webworker" />
/**
 * Media files kept for offline (web/data/offline-media-store.ts) are answered from Cache Storage,
 * with byte ranges cut from the whole file (the video element asks `Range: bytes=…`), so a kept
 * short or video plays and seeks with the network off. Anything not kept goes to the network
 * untouched: the page decides what is kept, never this route.
 */

import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { MEDIA_VIDEO_CACHE } from '../data/offline-media-store';

declare let self: ServiceWorkerGlobalScope;

const IMAGE = /\.(?:svg|jpe?g|png|webp|gif|avif)$/i;

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/media/') &&
    !IMAGE.test(url.pathname),
  async ({ request, url }) => {
    const cached = await (await caches.open(MEDIA_VIDEO_CACHE)).match(url.href);
    if (!cached) return fetch(request);
    return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
  },
);
