import { hexToBytes } from '@noble/hashes/utils.js';
import type { SignInClaims } from '../../../schema/auth';
import { randomHex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { localSecret } from '../../lib/local-secrets';
import { identityProviderName } from '../../providers/identity';
import { derivePepper } from './keyless-crypto';

const LOCAL_PEPPER_SECRET = 'keyless-pepper-key';

/** The worker's env plus the optional pepper secret (`wrangler secret put KEYLESS_PEPPER_SECRET`). */
type PepperEnv = Env & { KEYLESS_PEPPER_SECRET?: string };

/**
 * The pepper service (accounts §3): the same person (iss, aud, sub) always gets the same pepper, and
 * so the same keyless address, while nobody without the key can link a person to an address.
 * pepper = HMAC-SHA256(key, "iss|aud|sub") cut to 31 bytes. The key is the secret
 * `KEYLESS_PEPPER_SECRET`; with the local provider and no secret, a key made once and kept in D1.
 */
export const pepperFor = async (env: PepperEnv, claims: SignInClaims, now: Date): Promise<string> => {
  const key = await pepperKey(env, now);
  return derivePepper(key, claims);
};

const pepperKey = async (env: PepperEnv, now: Date): Promise<Uint8Array> => {
  if (env.KEYLESS_PEPPER_SECRET) return new TextEncoder().encode(env.KEYLESS_PEPPER_SECRET);
  if (identityProviderName(env) !== 'local') {
    // Losing or changing this key moves every keyless account: never improvise one in production.
    throw new ApiError(500, 'internal', 'Keyless sign-in is not configured');
  }
  return hexToBytes(await localSecret(env.DB, LOCAL_PEPPER_SECRET, async () => randomHex(32), now));
};
