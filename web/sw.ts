/// <reference lib="webworker" />
/**
 * The service worker (DESIGN.md §9), built by vite-plugin-pwa (injectManifest):
 * - precaches the app shell (index.html, entry JS/CSS, icons) and answers navigations with it;
 * - public API reads (web/data/public-api-reads.ts): network first, cache after 3 s or offline, so
 *   saved pages still render; every other /api and /relayer request is not routed here at all, so it
 *   goes to the network and is never cached (secrets, money, tokens, sign-in);
 * - /media images and gift pictures: cache first with expiry; lazy JS/CSS chunks: cached the first
 *   time they load; an answer marked private (a private video's, to its owner) is never kept;
 * - /media videos: the ones kept for offline come from Cache Storage with Range support (sw/media.ts),
 *   the rest go to the network untouched.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { MEDIA_IMAGE_CACHE } from './data/deleted-video';
import { mayKeepAnswer } from './data/private-answer';
import { API_CACHE, isApiCache, isPublicApiRead } from './data/public-api-reads';
import './sw/outbox';
import './sw/media';

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

const DAY = 24 * 60 * 60;
const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * Keeps 200s only, and never one marked `private` or `no-store` (a private video's poster or record,
 * answered to its owner): replaces workbox's default check, which keeps any 200.
 */
const publicAnswersOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    mayKeepAnswer(response) ? response : null,
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [
      /^\/api\//,
      /^\/media\//,
      /^\/parties\//,
      /^\/relayer\//,
      /^\/hls\//,
      /^\/localnet\//,
      /^\/dev-oidc\//,
    ],
  }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isPublicApiRead(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      publicAnswersOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && /^\/media\/.+\.(?:svg|jpe?g|png|webp|gif|avif)$/i.test(url.pathname),
  new CacheFirst({
    cacheName: MEDIA_IMAGE_CACHE,
    plugins: [
      publicAnswersOnly,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// The tip dialog's gift pictures (web/public/gifts/): fetched with the dialog, kept for offline.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/gifts/'),
  new CacheFirst({
    cacheName: 'reel-gifts',
    plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
);

// Hashed build files are immutable: a lazy route's chunk works offline once it has loaded.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'reel-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
);

// Former API caches kept every answer (stream keys, transactions, chat tokens): gone with this version.
// Then the worker takes the pages that have none, so a first visit's chunks, images and feeds are
// kept from now on instead of from its next load. A page of an older version is never taken this
// way: it already has a worker, which the update prompt replaces (SKIP_WAITING, then a reload).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => isApiCache(name) && name !== API_CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The update prompt asks for this; never skip waiting on our own, so a page never mixes versions.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
