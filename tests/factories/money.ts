import { env } from 'cloudflare:workers';
import { Ed25519Account } from '@aptos-labs/ts-sdk';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { dataEnvelope } from '../../schema/api';
import { COIN_UNIT } from '../../schema/constants';
import { UserSchema } from '../../schema/user';
import { type Caller, signIn } from '../worker/session';
import { fundApt, transferApt } from './chain';
import type { TestWallet } from './wallet';

/** Octas of a package's APT price (the 200 REEL package costs 0.5 APT). */
export const octas = (apt: number) => Math.round(apt * COIN_UNIT);

/** The platform address deposits must go to, as the worker is configured. */
export const platformAddress = () => env.PLATFORM_ADDRESS;

/** The sign-in wallet of a chain account: the same Ed25519 key, so the same address. */
const walletOf = (account: Ed25519Account): TestWallet => {
  const secretKey = account.privateKey.toUint8Array();
  const signRaw = (text: string) =>
    `0x${bytesToHex(ed25519.sign(new TextEncoder().encode(text), secretKey))}`;
  return {
    address: account.accountAddress.toStringLong(),
    publicKey: account.publicKey.toString(),
    signRaw,
    signMessage: (message, nonce) => {
      const fullMessage = `APTOS\nmessage: ${message}\nnonce: ${nonce}`;
      return { fullMessage, signature: signRaw(fullMessage) };
    },
  };
};

export type ChainUser = {
  account: Ed25519Account;
  caller: Caller;
  user: { id: string; username: string; aptosAddress: string };
};

/**
 * A user whose wallet is a local-chain account holding `apt` APT from the faucet: signed in with
 * that key and registered through the API, as the web app does it.
 */
export const chainUser = async (apt = 20): Promise<ChainUser> => {
  const account = Ed25519Account.generate();
  const { caller, wallet } = await signIn(walletOf(account));
  const name = `payer_${crypto.randomUUID().slice(0, 8)}`;
  const result = await caller.json('/api/users', 'POST', {
    username: name,
    fullName: `Payer ${name}`,
    email: `${name}@example.com`,
    description: 'Buys REEL with APT and tips creators.',
    avatar: '/media/images/payer.png',
    aptosAddress: wallet.address,
  });
  if (result.status !== 201) throw new Error(`registration failed: ${JSON.stringify(result.body)}`);
  if (apt > 0) await fundApt(env, wallet.address, octas(apt));
  return { account, caller, user: dataEnvelope(UserSchema).parse(result.body).data };
};

/** Pays `apt` APT from the user's chain account to `to` (default: the platform); answers the hash. */
export const payApt = (payer: ChainUser, apt: number, to = platformAddress()) =>
  transferApt(env, payer.account, to, octas(apt));

/** `POST /api/transactions` for a deposit, as step 4 of the deposit flow sends it. */
export const recordDeposit = (payer: ChainUser, txHash: string, amount = 200) =>
  payer.caller.json('/api/transactions', 'POST', {
    userId: payer.user.id,
    amount,
    type: 'deposit',
    txHash,
    userAddr: payer.user.aptosAddress,
    referralCode: null,
  });

/** `POST /relayer/api/users/{addr}/balance`, as step 4 of the deposit flow sends it. */
export const relayerCredit = (payer: ChainUser, txHash: string, amount = 200) =>
  payer.caller.json(`/relayer/api/users/${payer.user.aptosAddress}/balance`, 'POST', { amount, txHash });

/** The user's REEL balance as the API shows it. */
export const apiBalance = async (payer: { caller: Caller; user: { aptosAddress: string } }) => {
  const result = await payer.caller.json(`/api/users/address/${payer.user.aptosAddress}/balance`, 'GET');
  return (result.body as { data: { balance: number } }).data.balance;
};
