import { Account } from '@aptos-labs/ts-sdk';

/** A fresh Ed25519 account (ts-sdk), unknown to the local chain until something is sent to it. */
export const newChainAccount = (): Account => Account.generate();

const notBuilt = (): never => {
  throw new Error('chain factories: not built yet');
};

/** Mints `octas` APT to `address` through the local faucet; answers the committed mint's hash. */
export const fundApt = async (_env: Env, _address: string, _octas: number): Promise<string> => notBuilt();

/**
 * Signs `0x1::aptos_account::transfer` of `octas` from `account` to `to` with the ts-sdk and submits it
 * to the local chain; answers the committed hash (the transaction may have failed on chain: read it).
 */
export const transferApt = async (
  _env: Env,
  _account: Account,
  _to: string,
  _octas: number,
): Promise<string> => notBuilt();

/** Same for REEL (`0x1::primary_fungible_store::transfer` of the `REEL_ASSET` metadata). */
export const transferReel = async (
  _env: Env,
  _account: Account,
  _to: string,
  _amount: number,
): Promise<string> => notBuilt();
