import type { SignInClaims } from '../../schema/auth';
import { configFor } from '../config/config';
import { googleIdentity } from './adapters/identity-google';
import { localIdentity } from './adapters/identity-local';

/**
 * The identity port (DESIGN.md §4): who an OpenID Connect id_token says the caller is. An adapter
 * checks the token's signature against its issuer's JWKS, the issuer, the audience (our client id),
 * the expiry with a small clock skew and that a nonce is present, and throws a 401 `ApiError` with
 * a clear message otherwise. The nonce's single use is the caller's rule (api/auth/keyless-service).
 */
export type IdentityProvider = {
  readonly name: IdentityProviderName;
  /** The `iss` its tokens carry. */
  readonly issuer: string;
  /** Our client id at the provider, the `aud` its tokens carry. */
  readonly clientId: string;
  /** Where the browser starts a sign-in (OIDC implicit flow, `response_type=id_token`). */
  readonly authorizationEndpoint: string;
  verifyIdToken(idToken: string): Promise<SignInClaims>;
};

export type IdentityProviderName = 'google' | 'local';

/** The configured provider name (worker/config: any other value refuses every request). */
export const identityProviderName = (env: Env): IdentityProviderName => configFor(env).IDENTITY_PROVIDER;

/**
 * The provider chosen by `IDENTITY_PROVIDER`. `origin` is the request's origin: the local provider
 * is served by this worker, so its issuer URL is ours.
 */
export const identityProvider = (env: Env, origin: string): IdentityProvider =>
  identityProviderName(env) === 'google' ? googleIdentity(env) : localIdentity(env, origin);
