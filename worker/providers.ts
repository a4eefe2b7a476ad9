import { aptosChain } from './ports/adapters/chain-aptos';
import type { ChainPort } from './ports/chain';

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
