import { configFor } from '../config/config';
import { googleIdentity } from '../ports/adapters/identity-google';
import { localIdentity } from '../ports/adapters/identity-local';
import type { IdentityProvider, IdentityProviderName } from '../ports/identity';

/** The configured identity provider's name (worker/config: any other value refuses every request). */
export const identityProviderName = (env: Env): IdentityProviderName => configFor(env).IDENTITY_PROVIDER;

/**
 * The identity provider chosen by `IDENTITY_PROVIDER`. `origin` is the request's origin: the local
 * provider is served by this worker, so its issuer URL is ours.
 */
export const identityProvider = (env: Env, origin: string): IdentityProvider =>
  identityProviderName(env) === 'google' ? googleIdentity(env) : localIdentity(env, origin);
