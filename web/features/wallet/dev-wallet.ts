/**
 * The Reel Dev Wallet: an in-browser Aptos wallet for local runs and browser tests (DESIGN.md §4).
 * It registers through the wallet standard (AIP-62), so the wallet adapter lists it like Petra, and
 * approves every request itself. Its Ed25519 key is kept in IndexedDB (web/data/dev-wallet-store.ts);
 * a new key's account gets APT from the local faucet on first connect. It signs and submits
 * transactions to the local chain's node (`/localnet/v1`, from `GET /api/config`). Only reachable from code under `__LOCAL_CHAIN__`, so other builds do not contain it.
 */
import {
  Account,
  type AnyRawTransaction,
  Aptos,
  AptosConfig,
  type Ed25519Account,
  Ed25519PrivateKey,
  Network,
  NetworkToChainId,
  SigningScheme,
} from '@aptos-labs/ts-sdk';
import {
  AccountInfo,
  APTOS_LOCALNET_CHAIN,
  type AptosFeatures,
  type AptosSignAndSubmitTransactionInput,
  type AptosSignAndSubmitTransactionOutput,
  type AptosSignInInput,
  type AptosSignInOutput,
  type AptosSignMessageInput,
  type AptosSignMessageOutput,
  type AptosWallet,
  type AptosWalletAccount,
  AptosWalletError,
  AptosWalletErrorCode,
  type NetworkInfo,
  registerWallet,
  type UserResponse,
  UserResponseStatus,
} from '@aptos-labs/wallet-standard';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { createSignInMessage, SIWA_DOMAIN_SEPARATOR } from '../../../schema/siwa';
import { readDevWalletKey, writeDevWalletKey } from '../../data/dev-wallet-store';
import { fundDevWalletOnce } from './dev-wallet-faucet';
import { DEV_WALLET_NAME } from './dev-wallet-name';
import { buildFullMessage } from './full-message';

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="2" y="2" width="60" height="60" rx="14" fill="#ff3d6e"/><rect x="14" y="20" width="36" height="26" rx="5" fill="#fff"/><circle cx="41" cy="33" r="3.5" fill="#ff3d6e"/></svg>';

const approved = <T>(args: T): UserResponse<T> => ({ status: UserResponseStatus.APPROVED, args });

/** Loads the saved key, or makes and saves one on first use, so the address survives reloads. */
async function loadAccount(): Promise<Ed25519Account> {
  let privateKey = await readDevWalletKey();
  if (!privateKey) {
    privateKey = Ed25519PrivateKey.generate().toUint8Array();
    await writeDevWalletKey(privateKey);
  }
  return Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(privateKey) });
}

class DevWallet implements AptosWallet {
  readonly version = '1.0.0' as const;
  readonly name = DEV_WALLET_NAME;
  readonly icon = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as const;
  readonly url: string;
  readonly chains = [APTOS_LOCALNET_CHAIN] as const;
  private account: Ed25519Account | null = null;
  private loading: Promise<Ed25519Account> | undefined;
  private client: Aptos | undefined;

  constructor(private readonly nodeUrl: string) {
    this.url = window.location.origin;
  }

  get accounts(): readonly AptosWalletAccount[] {
    if (!this.account) return [];
    return [
      {
        address: this.account.accountAddress.toString(),
        publicKey: this.account.publicKey.toUint8Array(),
        chains: this.chains,
        features: [],
        signingScheme: SigningScheme.Ed25519,
      },
    ];
  }

  readonly features: AptosFeatures = {
    'aptos:connect': { version: '1.0.0', connect: () => this.connect() },
    'aptos:account': { version: '1.0.0', account: async () => this.info(this.connected()) },
    'aptos:network': { version: '1.0.0', network: async () => this.network() },
    // One key and one network: nothing ever changes, so there is nothing to report.
    'aptos:onAccountChange': { version: '1.0.0', onAccountChange: async () => undefined },
    'aptos:onNetworkChange': { version: '1.0.0', onNetworkChange: async () => undefined },
    'aptos:signMessage': { version: '1.0.0', signMessage: async (input) => this.signMessage(input) },
    'aptos:signIn': { version: '1.0.0', signIn: async (input) => this.signIn(input) },
    'aptos:signTransaction': {
      version: '1.0.0',
      signTransaction: async (transaction, asFeePayer) => this.signTransaction(transaction, asFeePayer),
    },
    'aptos:signAndSubmitTransaction': {
      version: '1.1.0',
      signAndSubmitTransaction: async (input) => this.signAndSubmit(input),
    },
    'aptos:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        this.account = null;
      },
    },
  };

  private async connect(): Promise<UserResponse<AccountInfo>> {
    this.loading ??= loadAccount();
    try {
      this.account = await this.loading;
    } catch (error) {
      this.loading = undefined;
      throw error;
    }
    await fundDevWalletOnce(this.nodeUrl, this.account.accountAddress.toString());
    return approved(this.info(this.account));
  }

  private connected(): Ed25519Account {
    if (!this.account) throw new AptosWalletError(AptosWalletErrorCode.Unauthorized);
    return this.account;
  }

  private info(account: Ed25519Account): AccountInfo {
    return new AccountInfo({ address: account.accountAddress, publicKey: account.publicKey });
  }

  private network(): NetworkInfo {
    return { name: Network.LOCAL, chainId: NetworkToChainId[Network.LOCAL] ?? 4, url: this.nodeUrl };
  }

  private signMessage(input: AptosSignMessageInput): UserResponse<AptosSignMessageOutput> {
    const account = this.connected();
    const address = input.address ? account.accountAddress.toString() : undefined;
    const application = input.application ? window.location.origin : undefined;
    const chainId = input.chainId ? this.network().chainId : undefined;
    const fullMessage = buildFullMessage({ ...input, address, application, chainId });
    // Sign the UTF-8 bytes: the SDK would read a string that happens to be hex as bytes.
    const signature = account.sign(new TextEncoder().encode(fullMessage));
    return approved({
      address,
      application,
      chainId,
      fullMessage,
      message: input.message,
      nonce: input.nonce,
      prefix: 'APTOS',
      signature,
    });
  }

  /**
   * Sign in with Aptos (AIP-116), as Petra does: connect, fill in the fields the wallet binds (this
   * page's origin, the account, version 1, its chain; the domain is always given) where the dapp left
   * them out, and sign
   * SHA3-256("SIGN_IN_WITH_APTOS::") followed by the message text. The input as received is kept on
   * `window.__reelDevWalletSignIn`, so browser tests can see what a wallet was asked to sign.
   */
  private async signIn(input: AptosSignInInput): Promise<UserResponse<AptosSignInOutput>> {
    Object.assign(window, { __reelDevWalletSignIn: structuredClone(input) });
    if (!this.account) await this.connect();
    const account = this.connected();
    const fields = {
      address: account.accountAddress.toString(),
      uri: window.location.origin,
      version: '1',
      chainId: APTOS_LOCALNET_CHAIN,
      ...input,
    };
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const signature = account.sign(
      concatBytes(sha3_256(utf8(SIWA_DOMAIN_SEPARATOR)), utf8(createSignInMessage(fields))),
    );
    return approved({ account: this.info(account), input: fields, signature, type: 'ed25519' });
  }

  /**
   * As Petra does for AIP-62 v1.1.0: build the transaction for the payload (sequence number, gas and
   * chain id from the node), sign it with the wallet's key, submit it, and answer its hash.
   */
  private async signAndSubmit(
    input: AptosSignAndSubmitTransactionInput,
  ): Promise<UserResponse<AptosSignAndSubmitTransactionOutput>> {
    const account = this.connected();
    this.client ??= new Aptos(new AptosConfig({ network: Network.LOCAL, fullnode: this.nodeUrl }));
    const transaction = await this.client.transaction.build.simple({
      sender: account.accountAddress,
      data: input.payload,
      options: { gasUnitPrice: input.gasUnitPrice, maxGasAmount: input.maxGasAmount },
    });
    const pending = await this.client.signAndSubmitTransaction({ signer: account, transaction });
    return approved({ hash: pending.hash });
  }

  private signTransaction(transaction: AnyRawTransaction, asFeePayer?: boolean) {
    const account = this.connected();
    // As the SDK's signAsFeePayer does: the sponsor signs with its own address in the fee-payer slot.
    if (asFeePayer) transaction.feePayerAddress = account.accountAddress;
    return approved(account.signTransactionWithAuthenticator(transaction));
  }
}

let registered = false;

/** Registers the dev wallet with the page (once), answering `nodeUrl` as its local network. */
export function registerDevWallet(nodeUrl: string): void {
  if (registered) return;
  registered = true;
  registerWallet(new DevWallet(nodeUrl));
}
