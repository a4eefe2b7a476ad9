import type { Aptos, EntryFunctionPayloadResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { canonicalAddress, isTransactionHash } from '../../../schema/chain';
import { configFor } from '../../config/config';
import { type ChainPort, ChainSendError, type ChainTransfer } from '../chain';
import { fetchClient, LOCALNET_URL, localnetFetcher } from './chain-http-client';
import { type ChainEnv, relayerPrivateKey } from './chain-relayer-key';

const sdk = () => import('@aptos-labs/ts-sdk');

const APT_METADATA = canonicalAddress('0xa');
/** Entry functions that move APT with their type argument naming AptosCoin (real networks use them too). */
const COIN_TRANSFERS = new Set(['0x1::coin::transfer', '0x1::aptos_account::transfer_coins']);
const SEND_ATTEMPTS = 5;
/**
 * How long a signed REEL send may wait to commit (seconds), unless `WITHDRAW_SEND_EXPIRY_SECONDS` says
 * less; withdrawal settlement relies on it.
 */
const SEND_EXPIRY_SECONDS = 60;

const buildAptos = async (env: ChainEnv): Promise<Aptos> => {
  const { Aptos, AptosConfig, Network } = await sdk();
  const { APTOS_NETWORK, APTOS_NODE_URL } = configFor(env);
  if (APTOS_NETWORK === 'local') {
    return new Aptos(
      new AptosConfig({
        network: Network.LOCAL,
        fullnode: `${LOCALNET_URL}/v1`,
        faucet: `${LOCALNET_URL}/faucet`,
        client: fetchClient(localnetFetcher(env)),
      }),
    );
  }
  const network = { devnet: Network.DEVNET, testnet: Network.TESTNET, mainnet: Network.MAINNET }[
    APTOS_NETWORK
  ];
  const override = APTOS_NODE_URL === '' ? undefined : APTOS_NODE_URL;
  return new Aptos(
    new AptosConfig({ network, fullnode: override, client: fetchClient((request) => fetch(request)) }),
  );
};

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/** Receiver, asset and amount of the transfers the ledger knows; nulls for any other payload. */
const readTransfer = (
  txn: UserTransactionResponse,
  reelAsset: string | null,
): Pick<ChainTransfer, 'receiver' | 'asset' | 'amount'> => {
  const none = { receiver: null, asset: null, amount: 0 };
  if (txn.payload.type !== 'entry_function_payload') return none;
  const payload = txn.payload as EntryFunctionPayloadResponse;
  const args = payload.arguments as unknown[];
  const fn = payload.function;
  if (
    fn === '0x1::aptos_account::transfer' ||
    (COIN_TRANSFERS.has(fn) && payload.type_arguments[0] === '0x1::aptos_coin::AptosCoin')
  ) {
    return { receiver: canonicalAddress(asString(args[0])), asset: 'apt', amount: Number(args[1]) };
  }
  if (fn === '0x1::primary_fungible_store::transfer') {
    const metadata = canonicalAddress(asString((args[0] as { inner?: unknown } | undefined)?.inner));
    const asset: ChainTransfer['asset'] =
      metadata === APT_METADATA ? 'apt' : metadata !== null && metadata === reelAsset ? 'reel' : null;
    if (!asset) return none;
    return { receiver: canonicalAddress(asString(args[1])), asset, amount: Number(args[2]) };
  }
  return none;
};

const isRefusal = (error: unknown, code?: number) =>
  error instanceof Error &&
  'status' in error &&
  error.status === 400 &&
  (code === undefined || (error as { data?: { vm_error_code?: unknown } }).data?.vm_error_code === code);

/**
 * The chain port over the Aptos ts-sdk (DESIGN.md §5): the local chain in-process when
 * APTOS_NETWORK is "local", else devnet/testnet/mainnet (APTOS_NODE_URL overrides the node).
 */
export const aptosChain = (env: ChainEnv): ChainPort => {
  const platformAddress = canonicalAddress(env.PLATFORM_ADDRESS);
  if (!platformAddress) throw new Error('PLATFORM_ADDRESS is not an Aptos address');
  const reelAsset = canonicalAddress(env.REEL_ASSET);
  let aptos: Promise<Aptos> | undefined;
  const client = () => {
    aptos ??= buildAptos(env);
    return aptos;
  };

  return {
    network: env.APTOS_NETWORK,
    platformAddress,

    async aptBalance(address) {
      return (await client()).getAccountAPTAmount({ accountAddress: address });
    },

    async ledgerTime() {
      const info = await (await client()).getLedgerInfo();
      return new Date(Number(BigInt(info.ledger_timestamp) / 1000n));
    },

    async transferByHash(hash): Promise<ChainTransfer | null> {
      const normalized = hash.toLowerCase();
      if (!isTransactionHash(normalized)) return null;
      const { AptosApiError } = await sdk();
      let txn: Awaited<ReturnType<Aptos['getTransactionByHash']>>;
      try {
        txn = await (await client()).getTransactionByHash({ transactionHash: normalized });
      } catch (error) {
        if (error instanceof AptosApiError && error.status === 404) return null;
        throw error;
      }
      if (txn.type !== 'user_transaction') return null;
      const sender = canonicalAddress(txn.sender);
      if (!sender) return null;
      return { hash: txn.hash, success: txn.success, sender, ...readTransfer(txn, reelAsset) };
    },

    async sendReel(to, amount, options = {}) {
      const { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants, generateUserTransactionHash } =
        await sdk();
      const aptos = await client();
      const privateKey = new Ed25519PrivateKey(
        PrivateKey.formatPrivateKey(await relayerPrivateKey(env), PrivateKeyVariants.Ed25519),
      );
      // The treasury's address with the relayer's key: its authentication key was rotated to it.
      const treasury = Account.fromPrivateKey({ privateKey, address: platformAddress });
      const expirySeconds = configFor(env).WITHDRAW_SEND_EXPIRY_SECONDS ?? SEND_EXPIRY_SECONDS;
      for (let attempt = 1; ; attempt += 1) {
        // A short life: once it passes, a hash the chain does not know can never commit.
        const expireTimestamp = Math.floor(Date.now() / 1000) + expirySeconds;
        const transaction = await aptos.transaction.build.simple({
          sender: treasury.accountAddress,
          data: {
            function: '0x1::primary_fungible_store::transfer',
            typeArguments: ['0x1::fungible_asset::Metadata'],
            functionArguments: [env.REEL_ASSET, to, amount],
          },
          options: { expireTimestamp },
        });
        // Signed first, so the caller holds the hash before anything can reach the chain.
        const senderAuthenticator = aptos.transaction.sign({ signer: treasury, transaction });
        const hash = generateUserTransactionHash({ transaction, senderAuthenticator });
        await options.onSigned?.(hash, new Date(expireTimestamp * 1000));
        try {
          await aptos.transaction.submit.simple({ transaction, senderAuthenticator });
        } catch (error) {
          // Another send took this sequence number first: nothing committed, so build again.
          if (isRefusal(error, 3) && attempt < SEND_ATTEMPTS) continue;
          if (isRefusal(error))
            throw new ChainSendError(`The chain refused the REEL transfer: ${(error as Error).message}`);
          throw error;
        }
        const committed = await aptos.waitForTransaction({
          transactionHash: hash,
          options: { checkSuccess: false },
        });
        if (!committed.success)
          throw new ChainSendError(`REEL transfer ${hash} failed on chain: ${committed.vm_status}`);
        return { hash };
      }
    },
  };
};
