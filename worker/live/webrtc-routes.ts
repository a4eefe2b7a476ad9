import { type Context, Hono } from 'hono';
import { MESSAGES } from '../../schema/messages';
import type { AppEnv } from '../lib/app-env';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors';
import { readCappedBody } from '../lib/read-capped-body';
import { getLiveKeyByPlaybackId, getLiveKeyBySecret, type LiveKey } from './queries';
import { relayDelete, relayIsPublishing, relayOffer, relayUrlOf } from './webrtc-relay';

/**
 * WHIP and WHEP for the local provider (issue 25 §1, /work/notes/webrtc-contract.md): the worker
 * is the front door (the secret key as Bearer, as OBS 30 sends it; the playback id's rules as
 * /hls has them) and hands the SDP to the local relay (scripts/webrtc-relay) with the stream's
 * playback id. Non-trickle: offers come with their candidates, so PATCH is 405. Without a relay
 * (`WEBRTC_RELAY_URL` unset) every path here is a 404. Nothing is stored on any refusal.
 */

const SDP_TYPE = 'application/sdp';
/** A browser's offer is 3-8 KB; OBS's smaller. */
const SDP_MAX_BYTES = 64 * 1024;

const requireRelay = (c: Context<AppEnv>): string => {
  const relayUrl = relayUrlOf(c.env);
  if (!relayUrl) throw notFound();
  return relayUrl;
};

/** The offer: `application/sdp` (else 415) that looks like SDP (else 400). */
const readOffer = async (c: Context<AppEnv>): Promise<string> => {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== SDP_TYPE) throw new ApiError(415, 'unsupported_media_type', `Send the offer as ${SDP_TYPE}`);
  const sdp = new TextDecoder().decode(await readCappedBody(c.req.raw, SDP_MAX_BYTES));
  if (!sdp.startsWith('v=0') || !/^m=(audio|video) /m.test(sdp)) throw badRequest('Malformed SDP offer');
  return sdp;
};

/** The publisher's key from `Authorization: Bearer <secret>`: missing or unknown is 401. */
const bearerKey = async (c: Context<AppEnv>): Promise<{ key: LiveKey; secret: string }> => {
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  const key = secret ? await getLiveKeyBySecret(c.env.DB, secret) : null;
  if (!secret || !key) {
    c.header('WWW-Authenticate', 'Bearer');
    throw new ApiError(401, 'unauthorized', 'A valid stream key is required as the Bearer token');
  }
  return { key, secret };
};

const sdpAnswer = (sdp: string, location: string) =>
  new Response(sdp, { status: 201, headers: { 'Content-Type': SDP_TYPE, Location: location } });

/** Trickle ICE and ICE restarts are not offered: the session's offer had every candidate. */
const noPatch = () => new Response(null, { status: 405, headers: { Allow: 'DELETE' } });

export const webrtcRoutes = new Hono<AppEnv>()
  .post('/whip', async (c) => {
    const relayUrl = requireRelay(c);
    const { key, secret } = await bearerKey(c);
    if (!key.isActive) throw forbidden('This stream key is not active');
    const sdp = await readOffer(c);
    const ingestUrl = `${new URL(c.req.url).origin}/ingest/${secret}`;
    const answer = await relayOffer(relayUrl, `/publish/${key.playbackId}`, { sdp, ingestUrl }, 'Not found');
    return sdpAnswer(answer.sdp, `/whip/${answer.resourceId}`);
  })
  .delete('/whip/:resourceId', async (c) => {
    const relayUrl = requireRelay(c);
    const { key } = await bearerKey(c);
    const path = `/publish/${key.playbackId}/${encodeURIComponent(c.req.param('resourceId'))}`;
    if (!(await relayDelete(relayUrl, path))) throw notFound('No such WHIP session');
    return c.body(null, 200);
  })
  .patch('/whip/:resourceId', (c) => {
    requireRelay(c);
    return noPatch();
  })
  .post('/whep/:playbackId', async (c) => {
    const relayUrl = requireRelay(c);
    const playbackId = c.req.param('playbackId');
    const key = await getLiveKeyByPlaybackId(c.env.DB, playbackId);
    if (!key) throw notFound(MESSAGES.player.playbackUnavailable);
    if (!key.isActive) throw forbidden(MESSAGES.player.private);
    // Asked before the offer is read: a viewer of an HLS-only or ended stream learns it at once.
    if (!(await relayIsPublishing(relayUrl, playbackId))) throw notFound(MESSAGES.player.offline);
    const sdp = await readOffer(c);
    const answer = await relayOffer(relayUrl, `/play/${playbackId}`, { sdp }, MESSAGES.player.offline);
    return sdpAnswer(answer.sdp, `/whep/${playbackId}/${answer.resourceId}`);
  })
  .delete('/whep/:playbackId/:resourceId', async (c) => {
    const relayUrl = requireRelay(c);
    const { playbackId, resourceId } = c.req.param();
    const path = `/play/${encodeURIComponent(playbackId)}/${encodeURIComponent(resourceId)}`;
    if (!(await relayDelete(relayUrl, path))) throw notFound('No such WHEP session');
    return c.body(null, 200);
  })
  .patch('/whep/:playbackId/:resourceId', (c) => {
    requireRelay(c);
    return noPatch();
  });
