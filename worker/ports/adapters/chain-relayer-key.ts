import { configFor } from '../../config/config';
import { randomHex } from '../../lib/crypto';
import { localSecret } from '../../lib/local-secrets';

/** The worker's env plus the relayer's key, a secret (`wrangler secret put RELAYER_PRIVATE_KEY`). */
export type ChainEnv = Env & { RELAYER_PRIVATE_KEY?: string };

const LOCAL_RELAYER_KEY = 'relayer-key';

/**
 * The relayer's Ed25519 private key (hex or AIP-80 "ed25519-priv-0x…"): the secret when set; on the
 * local chain only, a key made once and kept in D1 (`local_secrets`, as the chat token key does),
 * whose public key genesis makes the treasury's authentication key. Never log it nor answer it.
 */
export const relayerPrivateKey = async (env: ChainEnv, now = new Date()): Promise<string> => {
  const config = configFor(env);
  if (config.RELAYER_PRIVATE_KEY) return config.RELAYER_PRIVATE_KEY;
  // configFor refuses a real network without the secret, and the local chain without LOCAL_PROVIDERS.
  if (config.APTOS_NETWORK !== 'local') throw new Error('The secret RELAYER_PRIVATE_KEY is not set');
  return localSecret(env.DB, LOCAL_RELAYER_KEY, async () => `0x${randomHex(32)}`, now);
};
