import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { CreateStreamKeyBodySchema, LIVE_TEXT, UpdateStreamKeyBodySchema } from '../../../schema/live';
import { MESSAGES } from '../../../schema/messages';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { localWhipUrl } from '../../live/webrtc-relay';
import { streamProviderFor } from '../../providers/stream';
import { callerIdOf } from '../videos/visibility';
import {
  getStreamKeyById,
  getStreamKeyByPublicRef,
  getStreamKeyBySecret,
  getStreamKeyByUserId,
  getStreamKeyByUsername,
  listStreamKeys,
} from './queries';
import {
  changeStreamKey,
  createStreamKey,
  playbackInfo,
  presentStreamKey,
  providerRef,
  regenerateStreamKey,
  removeStreamKey,
  streamingConfig,
  toOwnerStreamKey,
  toPublicStreamKey,
} from './service';

const IdParamSchema = z.object({ id: IdSchema });
const UsernameParamSchema = z.object({ username: z.string().check(z.minLength(1), z.maxLength(64)) });
const UserIdParamSchema = z.object({ userId: IdSchema });
const SecretParamSchema = z.object({ key: z.string().check(z.minLength(1), z.maxLength(256)) });

/** Takes any route's context: a signed-in route's has more variables, which a `Context<AppEnv>` refuses. */
const providerOf = (c: { env: Env; req: { url: string } }) =>
  streamProviderFor(c.env, new URL(c.req.url).origin);
/** Where the owner's WHIP client publishes: the local relay's front door on this origin, or null. */
const whipUrlOf = (c: { env: Env; req: { url: string } }) => localWhipUrl(c.env, new URL(c.req.url).origin);
const keyNotFound = () => notFound(LIVE_TEXT.keyNotFound);
const found = <T>(value: T | null, missing: () => Error = keyNotFound): T => {
  if (value === null) throw missing();
  return value;
};

/**
 * The spec's stream-key calls (live §7). Reads answer the public record (no `key`) to everyone but
 * the key's owner, who also gets the secret (DESIGN.md §11.1); the list is always public. Every
 * mutation is the owner's. Literal segments are registered before `/:id` so they win.
 */
export const streamKeysRoutes = new Hono<AppEnv>()
  .get('/', validate('query', pageQuerySchema()), async (c) => {
    const keys = await listStreamKeys(c.env.DB, c.req.valid('query'));
    return c.json({ data: keys.map(toPublicStreamKey) });
  })
  .get(
    '/username/:username/streaming-info',
    signedIn,
    validate('param', UsernameParamSchema),
    registered,
    async (c) => {
      const caller = c.var.user;
      const key = found(await getStreamKeyByUsername(c.env.DB, c.req.valid('param').username));
      return c.json({ data: streamingConfig(providerOf(c), new URL(c.req.url).origin, key, caller) });
    },
  )
  .get('/username/:username', validate('param', UsernameParamSchema), async (c) => {
    const key = await getStreamKeyByUsername(c.env.DB, c.req.valid('param').username);
    const present = found(key, () => notFound(MESSAGES.live.noKey));
    return c.json({ data: presentStreamKey(present, await callerIdOf(c), whipUrlOf(c)) });
  })
  .get('/user/:userId', validate('param', UserIdParamSchema), async (c) => {
    const key = found(await getStreamKeyByUserId(c.env.DB, c.req.valid('param').userId));
    return c.json({ data: presentStreamKey(key, await callerIdOf(c), whipUrlOf(c)) });
  })
  // Lookup by the secret: only its owner learns anything; anyone else gets the same 404 as a miss.
  .get('/key/:key', signedIn, validate('param', SecretParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const key = await getStreamKeyBySecret(c.env.DB, c.req.valid('param').key);
    if (!key || key.userId !== caller.id) throw keyNotFound();
    return c.json({ data: toOwnerStreamKey(key, whipUrlOf(c)) });
  })
  // Named as the spec names them whatever the provider; `:id` is our id, the provider's or the playback id.
  .get('/livepeer/status/:id', validate('param', IdParamSchema), async (c) => {
    const key = found(await getStreamKeyByPublicRef(c.env.DB, c.req.valid('param').id));
    return c.json({ data: { isActive: await providerOf(c).isActive(providerRef(key)) } });
  })
  .get('/livepeer/info/:id', validate('param', IdParamSchema), async (c) => {
    const key = found(await getStreamKeyByPublicRef(c.env.DB, c.req.valid('param').id));
    return c.json({ data: await playbackInfo(providerOf(c), key) });
  })
  .get('/livepeer/playback/:id', validate('param', IdParamSchema), async (c) => {
    const key = found(await getStreamKeyByPublicRef(c.env.DB, c.req.valid('param').id));
    return c.json({ data: await playbackInfo(providerOf(c), key) });
  })
  .get('/:id/streaming-info', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    const key = found(await getStreamKeyById(c.env.DB, c.req.valid('param').id));
    return c.json({ data: streamingConfig(providerOf(c), new URL(c.req.url).origin, key, caller) });
  })
  .get('/:id', validate('param', IdParamSchema), async (c) => {
    const key = found(await getStreamKeyById(c.env.DB, c.req.valid('param').id));
    return c.json({ data: presentStreamKey(key, await callerIdOf(c), whipUrlOf(c)) });
  })
  .post('/', signedIn, validate('json', CreateStreamKeyBodySchema), registered, async (c) => {
    const caller = c.var.user;
    const key = await createStreamKey(c.env.DB, providerOf(c), caller, c.req.valid('json'));
    return c.json({ data: toOwnerStreamKey(key, whipUrlOf(c)) }, 201);
  })
  .put(
    '/:id',
    signedIn,
    validate('param', IdParamSchema),
    validate('json', UpdateStreamKeyBodySchema),
    registered,
    async (c) => {
      const caller = c.var.user;
      const key = await changeStreamKey(c.env.DB, caller, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ data: key });
    },
  )
  .delete('/:id', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    await removeStreamKey(c.env, providerOf(c), caller, c.req.valid('param').id);
    return c.json({ data: { deleted: true } });
  })
  .post('/:id/activate', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({
      data: await changeStreamKey(c.env.DB, caller, c.req.valid('param').id, { isActive: true }),
    });
  })
  .post('/:id/deactivate', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({
      data: await changeStreamKey(c.env.DB, caller, c.req.valid('param').id, { isActive: false }),
    });
  })
  .post('/:id/regenerate', signedIn, validate('param', IdParamSchema), registered, async (c) => {
    const caller = c.var.user;
    return c.json({
      data: toOwnerStreamKey(
        await regenerateStreamKey(c.env.DB, providerOf(c), caller, c.req.valid('param').id),
        whipUrlOf(c),
      ),
    });
  });
