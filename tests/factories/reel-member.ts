import { Aptos, AptosConfig, Ed25519Account, Network } from '@aptos-labs/ts-sdk';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { createSignInMessage, SIWA_DOMAIN_SEPARATOR, SignInChallengeSchema } from '../../schema/siwa';
import { CookieJar } from './cookie-jar';

/** A JSON answer of a running worker; a plain-text body (a runtime failure page) is kept as text. */
export type Answer = { status: number; body: unknown };

/** A signed-in, registered user of a running worker with a chain account whose key we hold. */
export type Member = {
  account: Ed25519Account;
  address: string;
  id: string;
  call: (
    pathname: string,
    method: string,
    body?: unknown,
    key?: string,
    signal?: AbortSignal,
  ) => Promise<Answer>;
};

/** The 5000 REEL package (accounts §9: 11.5 APT). */
export const REEL_PACKAGE = { reel: 5000, octas: 1_150_000_000 };

/**
 * `promise`, or the abort reason once `signal` aborts. Node 20's fetch can leave `response.text()`
 * pending forever when its request is aborted while the body arrives (nodejs/undici#4089), which
 * hung the fault test's abandoned confirms: a client that gave up must not wait.
 */
const orAbort = <T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  if (!signal) return promise;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  return Promise.race([promise, aborted]);
};

/** A cookie-keeping JSON client of `url`; `key` becomes the Idempotency-Key header. */
export const jsonClient = (url: string) => {
  const cookies = new CookieJar();
  return async (
    pathname: string,
    method: string,
    body?: unknown,
    key?: string,
    signal?: AbortSignal,
  ): Promise<Answer> => {
    const cookie = cookies.header();
    const response = await fetch(url + pathname, {
      method,
      signal,
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    cookies.keep(response);
    const text = await orAbort(response.text(), signal);
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      // The runtime answers plain text when it fails itself: keep it for the report.
      return { status: response.status, body: text.slice(0, 300) };
    }
  };
};

export const expectData = (answer: Answer, what: string) => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { data: Record<string, unknown> }).data;
};

/**
 * Signs in with a fresh chain account as a wallet with Sign in with Aptos would (the server's fields,
 * signed after the SIWA domain separator) and registers a profile.
 */
export const joinOverHttp = async (url: string, name: string, call = jsonClient(url)): Promise<Member> => {
  const account = Ed25519Account.generate();
  const address = account.accountAddress.toStringLong();
  const { signIn } = SignInChallengeSchema.parse(
    expectData(await call(`/api/auth/nonce?address=${address}`, 'GET'), 'nonce'),
  );
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const signed = concatBytes(sha3_256(utf8(SIWA_DOMAIN_SEPARATOR)), utf8(createSignInMessage(signIn)));
  expectData(
    await call('/api/auth/wallet', 'POST', {
      address,
      publicKey: account.publicKey.toString(),
      signature: account.sign(signed).toString(),
      signIn,
    }),
    'sign-in',
  );
  const username = `${name}_${crypto.randomUUID().slice(0, 6)}`;
  const user = expectData(
    await call('/api/users', 'POST', {
      username,
      fullName: `Member ${name}`,
      email: `${username}@example.com`,
      description: 'A member made by a test or benchmark.',
      avatar: '/media/images/member.png',
      aptosAddress: address,
    }),
    'register',
  );
  return { account, address, id: String(user.id), call };
};

/** The ts-sdk pointed at the worker's local chain. */
export const localChain = (url: string) =>
  new Aptos(
    new AptosConfig({
      network: Network.LOCAL,
      fullnode: `${url}/localnet/v1`,
      faucet: `${url}/localnet/faucet`,
    }),
  );

/** Mints APT for the package and its gas through the local faucet (one at a time: mints share a sequence). */
export const mintApt = async (url: string, member: Member) => {
  const mint = await fetch(
    `${url}/localnet/faucet/mint?address=${member.address}&amount=${2 * REEL_PACKAGE.octas}`,
    {
      method: 'POST',
    },
  );
  if (!mint.ok) throw new Error(`faucet: ${mint.status} ${await mint.text()}`);
};

/** Buys the 5000 REEL package for real: a signed APT transfer to the platform, then the relayer credit. */
export const buyReel = async (aptos: Aptos, platform: string, member: Member) => {
  const transaction = await aptos.transaction.build.simple({
    sender: member.account.accountAddress,
    data: { function: '0x1::aptos_account::transfer', functionArguments: [platform, REEL_PACKAGE.octas] },
  });
  const { hash } = await aptos.signAndSubmitTransaction({ signer: member.account, transaction });
  await aptos.waitForTransaction({ transactionHash: hash });
  expectData(
    await member.call(`/relayer/api/users/${member.address}/balance`, 'POST', {
      amount: REEL_PACKAGE.reel,
      txHash: hash,
    }),
    'credit',
  );
};

/** The member's REEL balance as the API answers it. */
export const balanceOf = async (member: Member) =>
  Number(
    expectData(await member.call(`/api/users/address/${member.address}/balance`, 'GET'), 'balance').balance,
  );

/** Runs `work` over `items` `size` at a time, answers in order. */
export const inBatches = async <T, R>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
) => {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(
      ...(await Promise.all(items.slice(start, start + size).map((item, i) => work(item, start + i)))),
    );
  }
  return results;
};

/** `count` members, each holding the 5000 REEL package bought with APT on the worker's local chain. */
export const membersWithReel = async (url: string, count: number, prefix: string): Promise<Member[]> => {
  const { platformAddress } = expectData(await jsonClient(url)('/api/config', 'GET'), 'config') as {
    platformAddress: string;
  };
  const members = await inBatches(
    Array.from({ length: count }, (_, n) => n),
    10,
    (n) => joinOverHttp(url, `${prefix}${n}`),
  );
  await inBatches(members, 1, (member) => mintApt(url, member));
  const aptos = localChain(url);
  await inBatches(members, 10, (member) => buyReel(aptos, platformAddress, member));
  return members;
};
