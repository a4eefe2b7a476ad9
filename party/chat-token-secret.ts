import { randomHex } from '../worker/lib/crypto';
import { localSecret } from '../worker/lib/local-secrets';

const LOCAL_CHAT_TOKEN_SECRET = 'chat-token-key';

/** The worker's env plus the optional signing secret (`wrangler secret put CHAT_TOKEN_SECRET`). */
export type ChatTokenEnv = Env & { CHAT_TOKEN_SECRET?: string };

/**
 * The key that signs and verifies chat tokens: the secret `CHAT_TOKEN_SECRET` when set; otherwise a
 * random key made once and kept in D1 (`local_secrets`, as the keyless pepper does locally). Losing
 * that key only invalidates tokens that live ten minutes, so the fallback is safe anywhere; set the
 * secret in production to keep it out of the database. Shared by the worker and the chat room (the
 * Durable Object has the same env).
 */
export const chatTokenSecret = async (env: ChatTokenEnv, now: Date): Promise<string> =>
  env.CHAT_TOKEN_SECRET || localSecret(env.DB, LOCAL_CHAT_TOKEN_SECRET, async () => randomHex(32), now);
