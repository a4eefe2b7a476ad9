import { bytesToHex } from '@noble/hashes/utils.js';
import { randomHex } from '../../lib/crypto';
import { localSecret } from '../../lib/local-secrets';

/** The key of the server's own salt for visitor keys in `local_secrets` (made once, never served). */
const VISITOR_SALT = 'view-visitor-salt';

const encoder = new TextEncoder();

/** The salt is written once and never changes, so an isolate reads it once, not on every view call. */
let saltOnce: Promise<string> | undefined;
const visitorSalt = (db: D1Database, now: Date): Promise<string> => {
  saltOnce ??= localSecret(db, VISITOR_SALT, async () => randomHex(32), now).catch((error: unknown) => {
    saltOnce = undefined;
    throw error;
  });
  return saltOnce;
};

/**
 * Who is watching, as one view per viewer per item counts them: the signed-in user, or for a
 * visitor an HMAC of the IP and User-Agent the request arrived with under a secret salt, so the
 * stored key neither reads back as an address nor can be recomputed from one without the salt.
 * Nothing the body says (its session id, IP or agent) goes into it: a new session id per request
 * must not make a new viewer.
 */
export const viewerKeyOf = async (
  db: D1Database,
  caller: { userId: string | null; ip: string; userAgent: string },
  now: Date,
): Promise<string> => {
  if (caller.userId) return `user:${caller.userId}`;
  const salt = await visitorSalt(db, now);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${caller.ip}|${caller.userAgent}`));
  return `visitor:${bytesToHex(new Uint8Array(mac))}`;
};
