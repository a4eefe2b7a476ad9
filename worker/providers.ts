import { configFor } from './config/config';
import { aptosChain } from './ports/adapters/chain-aptos';
import { googleIdentity } from './ports/adapters/identity-google';
import { localIdentity } from './ports/adapters/identity-local';
import type { ChainPort } from './ports/chain';
import type { IdentityProvider, IdentityProviderName } from './ports/identity';

/*
 * Which adapter serves each port (docs/decisions/0004-local-providers.md). The choice by config and
 * secrets is made here, the one module that imports adapters: a port file only declares, so its
 * adapters import it without a cycle.
 */

/**
 * The configured chain: the ts-sdk against the local chain (in-process) or a real network. Cheap to
 * call per request; the SDK loads on the first chain call.
 */
export const chainFor = (env: Env): ChainPort => aptosChain(env);

/** The configured identity provider's name (worker/config: any other value refuses every request). */
export const identityProviderName = (env: Env): IdentityProviderName => configFor(env).IDENTITY_PROVIDER;

/**
 * The identity provider chosen by `IDENTITY_PROVIDER`. `origin` is the request's origin: the local
 * provider is served by this worker, so its issuer URL is ours.
 */
export const identityProvider = (env: Env, origin: string): IdentityProvider =>
  identityProviderName(env) === 'google' ? googleIdentity(env) : localIdentity(env, origin);
