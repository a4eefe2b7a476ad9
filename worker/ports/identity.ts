import type { SignInClaims } from '../../schema/auth';

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
