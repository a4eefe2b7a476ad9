import { Aptos, AptosConfig, Ed25519Account, Ed25519PrivateKey, Network } from '@aptos-labs/ts-sdk';
import { z } from 'zod';
import { COIN_UNIT } from '../../schema/constants';
import { demoSecretKey } from './demo-keys';
import type { DemoSeedReport } from './demo-report';

type DemoMoneyPlan = NonNullable<DemoSeedReport['money']>;
type Call = (path: string, init?: RequestInit) => Promise<Response>;

/** APT the faucet adds on top of a package's price, for gas. */
const GAS_MARGIN_APT = 0.1;

const DataSchema = <T extends z.ZodType>(data: T) => z.object({ data });
const NonceSchema = DataSchema(z.object({ nonce: z.string(), message: z.string() }));
const ConfigSchema = DataSchema(
  z.object({ platformAddress: z.string(), chain: z.object({ nodeUrl: z.string() }) }),
);
const IdSchema = DataSchema(z.object({ id: z.string() }));

const expectOk = async (response: Response, what: string): Promise<Response> => {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
};

const demoAccount = (username: string) =>
  new Ed25519Account({ privateKey: new Ed25519PrivateKey(demoSecretKey(username)) });

/** Signs the demo creator in with its key the way a wallet does (nonce, signed message, cookie). */
const signIn = async (baseUrl: string, account: Ed25519Account): Promise<Call> => {
  let cookie = '';
  const call: Call = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    if (init.body) headers.set('Content-Type', 'application/json');
    return fetch(new URL(path, baseUrl), { ...init, headers });
  };
  const address = account.accountAddress.toStringLong();
  const nonced = await expectOk(await call(`/api/auth/nonce?address=${address}`), 'nonce');
  const { nonce, message } = NonceSchema.parse(await nonced.json()).data;
  const fullMessage = `APTOS\nmessage: ${message}\nnonce: ${nonce}`;
  const body = {
    address,
    publicKey: account.publicKey.toString(),
    fullMessage,
    signature: account.sign(new TextEncoder().encode(fullMessage)).toString(),
  };
  const signedIn = await expectOk(
    await call('/api/auth/wallet', { method: 'POST', body: JSON.stringify(body) }),
    'sign-in',
  );
  cookie = signedIn.headers.get('Set-Cookie')?.split(';')[0] ?? '';
  if (!cookie) throw new Error('sign-in: no session cookie');
  return call;
};

const octas = (apt: number) => Math.round(apt * COIN_UNIT);

/**
 * Moves the demo money through the running worker's real paths, as the web app would: each patron
 * gets APT from the local faucet, signs a transfer of its package's price to the platform address
 * with the ts-sdk, and asks the relayer to credit it (the worker reads the transfer from the chain
 * before any REEL moves); then it sends its gifts (create the tip, confirm it: a ledger transfer).
 * Answers what it did, for one line of output.
 */
export const runDemoMoney = async (
  baseUrl: string,
  plan: DemoMoneyPlan,
): Promise<{ reel: number; deposits: number; tips: number }> => {
  const configResponse = await expectOk(await fetch(new URL('/api/config', baseUrl)), 'config');
  const config = ConfigSchema.parse(await configResponse.json()).data;
  const aptos = new Aptos(
    new AptosConfig({ network: Network.LOCAL, fullnode: new URL(config.chain.nodeUrl, baseUrl).href }),
  );
  let reel = 0;
  for (const deposit of plan.deposits) {
    const account = demoAccount(deposit.username);
    if (account.accountAddress.toStringLong() !== deposit.address) {
      throw new Error(
        `${deposit.username}'s address is not its demo key's (seeded before demo keys existed?)`,
      );
    }
    const call = await signIn(baseUrl, account);
    const mint = new URLSearchParams({
      address: deposit.address,
      amount: String(octas(deposit.apt + GAS_MARGIN_APT)),
    });
    await expectOk(
      await fetch(new URL(`/localnet/faucet/mint?${mint}`, baseUrl), { method: 'POST' }),
      'faucet',
    );
    const transaction = await aptos.transaction.build.simple({
      sender: account.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [config.platformAddress, octas(deposit.apt)],
      },
    });
    const { hash } = await aptos.signAndSubmitTransaction({ signer: account, transaction });
    await aptos.waitForTransaction({ transactionHash: hash });
    const credit = JSON.stringify({ amount: deposit.reel, txHash: hash });
    await expectOk(
      await call(`/relayer/api/users/${deposit.address}/balance`, { method: 'POST', body: credit }),
      `${deposit.username}'s deposit`,
    );
    reel += deposit.reel;
    for (const tip of plan.tips.filter((t) => t.username === deposit.username)) {
      const { username: _, ...fields } = tip;
      const body = JSON.stringify({ ...fields, tipType: 'video' });
      const created = await expectOk(
        await call('/api/tips', { method: 'POST', body }),
        `${tip.username}'s tip`,
      );
      const { id } = IdSchema.parse(await created.json()).data;
      await expectOk(
        await call(`/api/tips/${id}/confirm`, { method: 'POST' }),
        `${tip.username}'s tip confirm`,
      );
    }
  }
  return { reel, deposits: plan.deposits.length, tips: plan.tips.length };
};
