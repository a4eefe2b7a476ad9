import {
  Account,
  Aptos,
  AptosConfig,
  type Ed25519Account,
  type InputEntryFunctionData,
  Network,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { fetchClient, LOCALNET_URL, localnetFetcher } from '../../worker/ports/adapters/chain-http-client';

/** A fresh Ed25519 account (ts-sdk), unknown to the local chain until something is sent to it. */
export const newChainAccount = (): Ed25519Account => Account.generate();

/** The ts-sdk pointed at the local chain in-process, as the worker's chain port is. */
export const localAptos = (env: Env): Aptos =>
  new Aptos(
    new AptosConfig({
      network: Network.LOCAL,
      fullnode: `${LOCALNET_URL}/v1`,
      faucet: `${LOCALNET_URL}/faucet`,
      client: fetchClient(localnetFetcher(env)),
    }),
  );

/** Calls the local chain in-process: `path` under /localnet (e.g. "/v1/accounts/0x1"). */
export const localnetRequest = (env: Env, path: string, init?: RequestInit): Promise<Response> =>
  Promise.resolve(localnetFetcher(env)(new Request(`${LOCALNET_URL}${path}`, init)));

/** Mints `octas` APT to `address` through the local faucet; answers the committed mint's hash. */
export const fundApt = async (env: Env, address: string, octas: number): Promise<string> => {
  const query = new URLSearchParams({ address, amount: String(octas) });
  const response = await localnetRequest(env, `/faucet/mint?${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`faucet answered ${response.status}: ${await response.text()}`);
  const [hash] = (await response.json()) as string[];
  if (!hash) throw new Error('faucet answered no hash');
  return hash;
};

/** Builds, signs (ts-sdk) and submits `data` from `account`; answers the committed transaction. */
export const signAndCommit = async (
  env: Env,
  account: Account,
  data: InputEntryFunctionData,
): Promise<UserTransactionResponse> => {
  const aptos = localAptos(env);
  const transaction = await aptos.transaction.build.simple({ sender: account.accountAddress, data });
  const { hash } = await aptos.signAndSubmitTransaction({ signer: account, transaction });
  return (await aptos.waitForTransaction({
    transactionHash: hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
};

/**
 * Signs `0x1::aptos_account::transfer` of `octas` from `account` to `to` with the ts-sdk and submits it
 * to the local chain; answers the committed hash (it may have failed on chain: read it by hash).
 */
export const transferApt = async (env: Env, account: Account, to: string, octas: number): Promise<string> =>
  (
    await signAndCommit(env, account, {
      function: '0x1::aptos_account::transfer',
      functionArguments: [to, octas],
    })
  ).hash;

/** Same for REEL: `0x1::primary_fungible_store::transfer` of the `REEL_ASSET` metadata, in 1e-8 units. */
export const transferReel = async (env: Env, account: Account, to: string, amount: number): Promise<string> =>
  (
    await signAndCommit(env, account, {
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: ['0x1::fungible_asset::Metadata'],
      functionArguments: [env.REEL_ASSET, to, amount],
    })
  ).hash;
