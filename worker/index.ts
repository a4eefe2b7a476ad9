import { Hono } from 'hono';
import { analyticsRoutes } from './api/analytics/routes';
import { authRoutes } from './api/auth/routes';
import { routeRoomRequest } from './api/chat/rooms';
import { chatRoutes } from './api/chat/routes';
import { configRoutes } from './api/config/routes';
import { depositsRoutes } from './api/deposits/routes';
import { commentsRoutes } from './api/engagement/comments-routes';
import { sharesRoutes } from './api/engagement/shares-routes';
import { engagementUsersRoutes } from './api/engagement/users-routes';
import { filesRoutes } from './api/files/routes';
import { gardenRoutes } from './api/garden/routes';
import { healthRoutes } from './api/health/routes';
import { reportsRoutes } from './api/reports/routes';
import { searchRoutes } from './api/search/routes';
import { sessionsRoutes } from './api/sessions/routes';
import { socialStatsRoutes } from './api/social-stats/routes';
import { streamKeysRoutes } from './api/stream-keys/routes';
import { tipsRoutes } from './api/tips/routes';
import { transactionsRoutes } from './api/transactions/routes';
import { uploadsRoutes } from './api/uploads/routes';
import { usersRoutes } from './api/users/routes';
import { videosRoutes } from './api/videos/routes';
import { clientIpRoutes } from './api/views/client-ip';
import { viewsRoutes } from './api/views/routes';
import { hasValidConfig, requireValidConfig } from './config/config';
import { devOidcRoutes } from './dev-oidc/routes';
import { readApiThrough } from './first-screen/read-api';
import type { AppEnv } from './lib/app-env';
import { jsonBodyLimit } from './lib/body-limit';
import { d1Sessions } from './lib/d1-session';
import { handleError, handleNotFound } from './lib/error-handler';
import { refuseCrossSiteWrites, WRITE_METHODS } from './lib/origin-check';
import { requestLog } from './lib/request-log';
import { securityHeaders } from './lib/security-headers';
import { liveRoutes } from './live/routes';
import { webrtcRoutes } from './live/webrtc-routes';
import { localnetRoutes } from './localnet/routes';
import { mediaRoutes } from './media/routes';
import { armSettlement } from './money/ledger';
import { relayerRoutes } from './relayer/routes';
import { s3Routes } from './s3/routes';
import { SHARE_PAGES, shareMetaRoutes } from './share-meta/routes';

const api = new Hono<AppEnv>()
  .route('/', healthRoutes('api'))
  .route('/', configRoutes)
  .route('/auth', authRoutes)
  .route('/users', searchRoutes)
  .route('/users', usersRoutes)
  .route('/users', engagementUsersRoutes)
  .route('/comments', commentsRoutes)
  .route('/shares', sharesRoutes)
  .route('/files', filesRoutes)
  .route('/videos', uploadsRoutes)
  .route('/videos', videosRoutes)
  .route('/views', viewsRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/client-ip', clientIpRoutes)
  .route('/sessions', sessionsRoutes)
  .route('/chat', chatRoutes)
  .route('/social-stats', socialStatsRoutes)
  .route('/tips', tipsRoutes)
  .route('/stream-keys', streamKeysRoutes)
  .route('/transactions', transactionsRoutes)
  .route('/deposits', depositsRoutes)
  .route('/garden', gardenRoutes)
  .route('/reports', reportsRoutes)
  // Also here, not only on the app: the first screens read these routes directly (first-screen/).
  .onError(handleError);

/**
 * The whole product on one origin (DESIGN.md §1). Static assets and the SPA fallback are served by
 * the assets binding before this worker runs; only the prefixes in wrangler.toml's
 * `run_worker_first` reach it.
 */
export const app = new Hono<AppEnv>()
  .use(requestLog)
  .use(securityHeaders)
  .use(requireValidConfig)
  .on(WRITE_METHODS, ['/api/*', '/relayer/*'], refuseCrossSiteWrites)
  .use(jsonBodyLimit)
  .use('/api/*', d1Sessions)
  .use('/relayer/*', d1Sessions)
  .on('GET', SHARE_PAGES, d1Sessions)
  .route('/api', api)
  .route('/relayer', relayerRoutes)
  .route('/media', mediaRoutes)
  .route('/s3', s3Routes)
  .route('/dev-oidc', devOidcRoutes)
  .route('/localnet', localnetRoutes)
  .route('/', liveRoutes)
  .route('/', webrtcRoutes)
  .route('/', shareMetaRoutes(readApiThrough(api)))
  .all('/parties/*', async (c) => (await routeRoomRequest(c.req.raw, c.env)) ?? handleNotFound(c))
  .notFound(handleNotFound)
  .onError(handleError);

/**
 * Requests go to the app. The first request an isolate serves also makes sure the ledger writer's
 * settlement alarm is armed for any withdrawal left pending, e.g. by a crash before its alarm was set
 * (not while the configuration is invalid: then every request is refused and nothing may move).
 */
let settlementArmed = false;
export default {
  fetch(request, env, ctx) {
    if (!settlementArmed && hasValidConfig(env)) {
      settlementArmed = true;
      ctx.waitUntil(armSettlement(env));
    }
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
export { Chat } from '../party/chat';
export { ChatShard } from '../party/chat-shard';
export { Status } from '../party/status';
export { LedgerWriter } from './money/ledger-writer';
