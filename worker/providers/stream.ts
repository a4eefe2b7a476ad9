import { configFor } from '../config/config';
import { livepeerStreamProvider } from '../ports/adapters/stream-livepeer';
import { localStreamProvider } from '../ports/adapters/stream-local';
import type { FetchLike, StreamProvider } from '../ports/stream-provider';

/**
 * The provider chosen by `STREAM_PROVIDER`. `origin` is the request's origin (`new URL(c.req.url)
 * .origin`): the local ingest is served by this worker, so its ingest address is ours. Livepeer
 * without the secret `LIVEPEER_API_KEY` is a configuration error (worker/config), never a call out.
 */
export const streamProviderFor = (
  env: Env,
  origin: string,
  fetchFn: FetchLike = (input, init) => fetch(input, init),
): StreamProvider => {
  const config = configFor(env);
  if (config.STREAM_PROVIDER === 'local') return localStreamProvider(env, origin);
  // configFor refuses livepeer without its key; the check keeps the type honest.
  if (!config.LIVEPEER_API_KEY) throw new Error('LIVEPEER_API_KEY is not set');
  return livepeerStreamProvider(config.LIVEPEER_API_KEY, fetchFn);
};
