import { aptosChain } from '../ports/adapters/chain-aptos';
import type { ChainPort } from '../ports/chain';

/**
 * The configured chain: the ts-sdk against the local chain (in-process) or a real network. Cheap to
 * call per request; the SDK loads on the first chain call.
 */
export const chainFor = (env: Env): ChainPort => aptosChain(env);
