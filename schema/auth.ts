import * as z from 'zod/mini';
import { AddressSchema, CanonicalAddressSchema, HexBytesSchema } from './common';
import { LIMITS } from './constants';
import { OwnUserSchema } from './user';

/** Sign-in token claims of the Google-style identity provider (accounts §3). */
export const SignInClaimsSchema = z.object({
  aud: z.string(),
  exp: z.int(),
  iat: z.int(),
  iss: z.string(),
  sub: z.string(),
  nonce: z.string(),
  name: z.optional(z.string()),
  picture: z.optional(z.string()),
  email: z.optional(z.string()),
  email_verified: z.optional(z.boolean()),
});
export type SignInClaims = z.infer<typeof SignInClaimsSchema>;

/** A keyless account as the browser keeps it: the id token (decoded and raw) and its pepper. */
export const KeylessAccountRecordSchema = z.object({
  idToken: z.object({ decoded: SignInClaimsSchema, raw: z.string() }),
  pepper: z.string(),
  address: z.optional(AddressSchema),
});

/** The keyless session store (accounts §3), version 1, with the logged-out flag. */
export const KeylessStoreSchema = z.object({
  version: z.literal(LIMITS.keylessStoreVersion),
  accounts: z.array(KeylessAccountRecordSchema),
  activeAccount: z.nullable(z.string()),
  ephemeralKeyPair: z.nullable(
    z.object({ nonce: z.string(), expiryDateSecs: z.int(), privateKey: z.string(), blinder: z.string() }),
  ),
  loggedOut: z.boolean(),
});
export type KeylessStore = z.infer<typeof KeylessStoreSchema>;

/** `GET /api/auth/nonce?address=0x…`. */
export const NonceQuerySchema = z.object({ address: CanonicalAddressSchema });
export const NonceSchema = z.object({ nonce: z.string(), message: z.string() });
export type Nonce = z.infer<typeof NonceSchema>;

/** `POST /api/auth/wallet`: what the wallet's `signMessage` answered, as hex strings. */
export const WalletSignInBodySchema = z.object({
  address: CanonicalAddressSchema,
  publicKey: HexBytesSchema,
  signature: HexBytesSchema,
  fullMessage: z.string().check(z.minLength(1), z.maxLength(2000)),
});
export type WalletSignInBody = z.infer<typeof WalletSignInBodySchema>;

export const SignInMethodSchema = z.enum(['wallet', 'keyless']);

/** Who is signed in (`GET /api/auth/me`, `POST /api/auth/wallet`); `user` is null before registration. */
export const SessionInfoSchema = z.object({
  address: z.string(),
  method: SignInMethodSchema,
  user: z.nullable(OwnUserSchema),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
/** `GET /api/auth/me`: the session, or null when signed out. */
export const MaybeSessionInfoSchema = z.nullable(SessionInfoSchema);

/**
 * Restoring a keyless session (accounts §4): proof that the caller holds the ephemeral key the
 * token's nonce commits to — its public key, expiry and blinder (which hash to the nonce) and its
 * Ed25519 signature over a `fullMessage` ("APTOS\nmessage: …\nnonce: …") carrying a fresh nonce from
 * `GET /api/auth/nonce` for the keyless address.
 */
export const KeylessProofSchema = z.object({
  ephemeralPublicKey: HexBytesSchema,
  expiryDateSecs: z.int().check(z.positive()),
  blinder: HexBytesSchema,
  fullMessage: z.string().check(z.minLength(1), z.maxLength(2000)),
  signature: HexBytesSchema,
});
export type KeylessProof = z.infer<typeof KeylessProofSchema>;

/** `POST /api/auth/keyless`: the provider's id_token; `proof` when re-using an already used token. */
export const KeylessSignInBodySchema = z.object({
  idToken: z.string().check(z.minLength(1), z.maxLength(16_000)),
  proof: z.optional(KeylessProofSchema),
});
export type KeylessSignInBody = z.infer<typeof KeylessSignInBodySchema>;

/** The answer of `POST /api/auth/keyless`: the session, and the pepper the keyless address uses. */
export const KeylessSessionSchema = z.extend(SessionInfoSchema, { pepper: HexBytesSchema });
export type KeylessSession = z.infer<typeof KeylessSessionSchema>;

/** `GET /api/auth/keyless/config`: where the browser starts a keyless sign-in. */
export const KeylessConfigSchema = z.object({
  provider: z.enum(['google', 'local']),
  clientId: z.string(),
  authorizationEndpoint: z.string(),
});
export type KeylessConfig = z.infer<typeof KeylessConfigSchema>;
