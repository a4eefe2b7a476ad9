import * as z from 'zod/mini';
import {
  KeylessConfigSchema,
  KeylessSessionSchema,
  type KeylessSignInBody,
  NonceSchema,
} from '../../../schema/auth';
import { apiGet, apiPost, withQuery } from '../../lib/api';

/** Where a keyless sign-in starts (provider, our client id, its authorize URL). */
export const getKeylessConfig = () => apiGet('/api/auth/keyless/config', KeylessConfigSchema);

/** Opens a keyless session for an id_token (with proof of the ephemeral key when restoring). */
export const postKeylessSignIn = (body: KeylessSignInBody) =>
  apiPost('/api/auth/keyless', body, KeylessSessionSchema);

/** A fresh single-use nonce for `address`, and the sign-in message it goes with. */
export const getSignInNonce = (address: string) =>
  apiGet(withQuery('/api/auth/nonce', { address }), NonceSchema);

/** Ends the server session (used when a keyless sign-in turns out unusable after the server accepted it). */
export const postLogout = () => apiPost('/api/auth/logout', undefined, z.object({ signedOut: z.boolean() }));
