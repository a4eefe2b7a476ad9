import { configFor } from '../config/config';
import { cloudflareStreamProvider } from '../ports/adapters/stream-cloudflare';
import { livepeerStreamProvider } from '../ports/adapters/stream-livepeer';
import { localStreamProvider } from '../ports/adapters/stream-local';
import type { FetchLike, StreamProvider } from '../ports/stream-provider';

/**
 * The provider chosen by `STREAM_PROVIDER`. `origin` is the request's origin (`new URL(c.req.url)
 * .origin`): the local ingest is served by this worker, so its ingest address is ours. Livepeer
 * without the secret `LIVEPEER_API_KEY`, or Cloudflare Stream without its account, customer code and
 * `CLOUDFLARE_STREAM_API_TOKEN`, is a configuration error (worker/config), never a call out.
 */
export const streamProviderFor = (
  env: Env,
  origin: string,
  fetchFn: FetchLike = (input, init) => fetch(input, init),
): StreamProvider => {
  const config = configFor(env);
  if (config.STREAM_PROVIDER === 'local') return localStreamProvider(env, origin);
  if (config.STREAM_PROVIDER === 'cloudflare') {
    const { CLOUDFLARE_STREAM_ACCOUNT_ID, CLOUDFLARE_STREAM_CUSTOMER_CODE, CLOUDFLARE_STREAM_API_TOKEN } =
      config;
    // configFor refuses cloudflare without these; the check keeps the types honest.
    if (!CLOUDFLARE_STREAM_ACCOUNT_ID || !CLOUDFLARE_STREAM_CUSTOMER_CODE || !CLOUDFLARE_STREAM_API_TOKEN)
      throw new Error('Cloudflare Stream is not configured');
    return cloudflareStreamProvider(
      {
        accountId: CLOUDFLARE_STREAM_ACCOUNT_ID,
        customerCode: CLOUDFLARE_STREAM_CUSTOMER_CODE,
        apiToken: CLOUDFLARE_STREAM_API_TOKEN,
      },
      fetchFn,
    );
  }
  // configFor refuses livepeer without its key; the check keeps the type honest.
  if (!config.LIVEPEER_API_KEY) throw new Error('LIVEPEER_API_KEY is not set');
  return livepeerStreamProvider(config.LIVEPEER_API_KEY, fetchFn);
};
