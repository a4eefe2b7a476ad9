import * as z from 'zod/mini';
import { AddressSchema } from './common';
import { LIMITS } from './constants';

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
