import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import * as z from 'zod/mini';
import { localSecret } from '../lib/local-secrets';

/**
 * The dev OIDC provider's RS256 key pair. Made once, on first use, and kept in D1 (`local_secrets`)
 * so tokens stay verifiable across requests, isolates and restarts of a persisted local worker; not
 * in R2, because /media serves every R2 object. A fresh database simply makes a new key.
 */
const SECRET_NAME = 'dev-oidc-signing-key';
export const DEV_OIDC_ALG = 'RS256';

const RsaPublicJwkSchema = z.object({ kty: z.literal('RSA'), n: z.string(), e: z.string() });
const StoredKeySchema = z.object({
  kid: z.string(),
  publicJwk: RsaPublicJwkSchema,
  privateJwk: z.extend(RsaPublicJwkSchema, {
    d: z.string(),
    p: z.string(),
    q: z.string(),
    dp: z.string(),
    dq: z.string(),
    qi: z.string(),
  }),
});
type StoredKey = z.infer<typeof StoredKeySchema>;

const makeKey = async (): Promise<string> => {
  const { publicKey, privateKey } = await generateKeyPair(DEV_OIDC_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const stored = {
    kid: await calculateJwkThumbprint(publicJwk),
    publicJwk: RsaPublicJwkSchema.parse(publicJwk),
    privateJwk: StoredKeySchema.shape.privateJwk.parse(await exportJWK(privateKey)),
  } satisfies StoredKey;
  return JSON.stringify(stored);
};

/** The provider's key, made and stored the first time any request needs it. */
export const devSigningKey = async (db: D1Database, now: Date): Promise<StoredKey> =>
  StoredKeySchema.parse(JSON.parse(await localSecret(db, SECRET_NAME, makeKey, now)));

/** The provider's public key set, as `/dev-oidc/jwks` serves it. */
export const devJwks = (key: StoredKey): { keys: JWK[] } => ({
  keys: [{ ...key.publicJwk, kid: key.kid, alg: DEV_OIDC_ALG, use: 'sig' }],
});

/** Signs `claims` as an id_token with the provider's key (the claims are taken as given). */
export const signDevIdToken = async (key: StoredKey, claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: DEV_OIDC_ALG, kid: key.kid, typ: 'JWT' })
    .sign(await importJWK(key.privateJwk, DEV_OIDC_ALG));
