import { ApiRequestError, apiErrorFromAnswer } from './api';

/**
 * WHIP and WHEP signalling (RFC 9725, draft-ietf-wish-whep): one POST of an SDP offer answered by
 * 201 with the SDP answer and the session's resource in `Location`, one DELETE to end it. Beside
 * `api.ts` because the body is SDP, not JSON; a refusal is still an `ApiRequestError` (the server's
 * JSON envelope when it sent one, 'HTTP error! status: n' otherwise), so callers branch on its
 * status or code as everywhere else.
 */

export const SDP_TYPE = 'application/sdp';

/** The peer's SDP answer and the absolute URL of the resource that ends the session. */
export type SdpSession = { answer: string; resourceUrl: string };

/** What `readSdpAnswer` needs of a response: kept plain so the rule is tested without fetch. */
export type SdpAnswerResponse = { status: number; location: string | null; body: string };

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The session an answer opened, or the error it is: only 201 with a `Location` and an SDP body
 * opened one (a 200 would be a proxy's page, not a WHIP/WHEP endpoint). `Location` may be a path:
 * it is resolved against the (absolute) URL the offer went to.
 */
export function readSdpAnswer(requestUrl: string, response: SdpAnswerResponse): SdpSession {
  if (response.status !== 201) throw apiErrorFromAnswer(response.status, parseJson(response.body));
  if (!response.location || !response.body.startsWith('v=')) {
    throw new ApiRequestError(502, null, 'The media server sent no session');
  }
  return { answer: response.body, resourceUrl: new URL(response.location, requestUrl).toString() };
}

type ExchangeOptions = { bearer?: string; signal?: AbortSignal };

const authHeaders = (bearer: string | undefined): Record<string, string> =>
  bearer ? { authorization: `Bearer ${bearer}` } : {};

/** POSTs `offer` to `url` (absolute or a path of ours) and answers the session it opened. */
export async function postSdpOffer(
  url: string,
  offer: string,
  options: ExchangeOptions = {},
): Promise<SdpSession> {
  const requestUrl = new URL(url, window.location.href).toString();
  const response = await fetch(requestUrl, {
    method: 'POST',
    headers: { 'content-type': SDP_TYPE, accept: SDP_TYPE, ...authHeaders(options.bearer) },
    body: offer,
    signal: options.signal,
  });
  const body = await response.text().catch(() => '');
  return readSdpAnswer(requestUrl, {
    status: response.status,
    location: response.headers.get('location'),
    body,
  });
}

/**
 * Ends a session (DELETE its resource). `keepalive` lets it leave with a closing page. Resolves
 * either way: a resource the server already dropped (404) or an unreachable server leaves nothing
 * for this page to undo.
 */
export async function deleteSdpResource(
  resourceUrl: string,
  options: { bearer?: string; keepalive?: boolean } = {},
): Promise<void> {
  await fetch(resourceUrl, {
    method: 'DELETE',
    headers: authHeaders(options.bearer),
    keepalive: options.keepalive,
  }).catch(() => undefined);
}
