import type { Client, ClientRequest, ClientResponse } from '@aptos-labs/ts-sdk';
import { localnetRoutes } from '../../localnet/routes';

type Fetcher = (request: Request) => Response | Promise<Response>;

/**
 * A ts-sdk `Client` over a fetch function, so the same SDK code reaches a remote fullnode with
 * `fetch` or the local chain in-process (the worker cannot reliably fetch its own origin, and tests
 * run inside workerd). Sends what @aptos-labs/aptos-client sends: params as query, JSON or BCS bodies.
 */
export const fetchClient = (fetcher: Fetcher): Client => ({
  provider: async <Req, Res>(options: ClientRequest<Req>): Promise<ClientResponse<Res>> => {
    const url = new URL(options.url);
    for (const [key, value] of Object.entries((options.params ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) url.searchParams.append(key, String(value));
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(options.headers ?? {})) {
      if (value !== undefined) headers.set(key, String(value));
    }
    const body =
      options.body instanceof Uint8Array
        ? options.body
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body);
    const response = await fetcher(new Request(url, { method: options.method, headers, body }));
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an HTML error page of a proxy, say): the SDK reports it with the status.
    }
    return {
      status: response.status,
      statusText: response.statusText,
      data: data as Res,
      headers: Object.fromEntries(response.headers),
    };
  },
});

/** Where the SDK is told the local chain lives; requests to it never leave the worker. */
export const LOCALNET_URL = 'http://localnet.internal/localnet';

/** Hands a request for LOCALNET_URL to the local chain's Hono app with this worker's env. */
export const localnetFetcher =
  (env: Env): Fetcher =>
  (request) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/^\/localnet/, '');
    return localnetRoutes.request(new Request(url, request), undefined, env);
  };
