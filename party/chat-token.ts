import { type ChatTokenClaims, ChatTokenClaimsSchema } from '../schema/chat';

/**
 * Chat tokens: `base64url(claims JSON).base64url(HMAC-SHA256(secret, first part))`. The worker signs
 * them for signed-in registered users (`GET /api/chat/token`); the chat room verifies them. Pure Web
 * Crypto so both runtimes (and unit tests in Node) share it.
 */
const encoder = new TextEncoder();

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
};

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

/** Signs the claims with the secret. */
export const signChatToken = async (secret: string, claims: ChatTokenClaims): Promise<string> => {
  const body = toBase64Url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
};

/**
 * The claims of a token signed with `secret` for `room` and not expired at `now`; null for anything
 * else (tampered, malformed, expired, another room's).
 */
export const verifyChatToken = async (
  secret: string,
  token: string,
  room: string,
  now: Date,
): Promise<ChatTokenClaims | null> => {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const signatureBytes = fromBase64Url(signature);
  const bodyBytes = fromBase64Url(body);
  if (!signatureBytes || !bodyBytes) return null;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signatureBytes,
    encoder.encode(body),
  );
  if (!valid) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bodyBytes));
  } catch {
    return null;
  }
  const claims = ChatTokenClaimsSchema.safeParse(json);
  if (!claims.success) return null;
  if (claims.data.room !== room || claims.data.exp * 1000 <= now.getTime()) return null;
  return claims.data;
};
