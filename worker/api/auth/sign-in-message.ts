import { canonicalAddress } from '../../../schema/chain';
import { parseSignInMessage, type SignInFields } from '../../../schema/siwa';

/**
 * What a wallet signs to sign in (DESIGN.md §4): Sign in with Aptos fields (AIP-116) naming this
 * site, its chain and a single-use nonce. A wallet with `signIn` signs them itself; a wallet with
 * only `signMessage` (AIP-62) signs their SIWA text as its `message`, inside a `fullMessage`
 * ("APTOS", optional address/application/chainId lines, "message: …", "nonce: …").
 */

/** One line a person reads in the wallet before approving. */
const SIGN_IN_STATEMENT =
  'Sign in to Reel. This request will not trigger a blockchain transaction or cost any fees.';

/** Where the request came from and which chain this deployment runs: what a sign-in must name. */
export type SignInSite = { origin: string; host: string; chainId: string };

/** The site of a request to this worker on `network` (`APTOS_NETWORK`). */
export const signInSite = (requestUrl: string, network: string): SignInSite => {
  const url = new URL(requestUrl);
  return { origin: url.origin, host: url.host, chainId: chainIdOf(network) };
};

/**
 * The wallet-standard chain of an `APTOS_NETWORK` ("aptos:mainnet", …; the local chain is
 * "aptos:localnet", as the wallet standard names a local network), what `Chain ID:` must say.
 */
const chainIdOf = (network: string) => `aptos:${network === 'local' ? 'localnet' : network}`;

/** The fields a wallet is asked to sign for `address`, issued `now`, expiring at `expiresAt`. */
export const signInFieldsFor = (
  site: SignInSite,
  address: string,
  nonce: string,
  now: Date,
  expiresAt: Date,
): SignInFields => ({
  domain: site.host,
  address,
  uri: site.origin,
  version: '1',
  chainId: site.chainId,
  nonce,
  statement: SIGN_IN_STATEMENT,
  issuedAt: now.toISOString(),
  expirationTime: expiresAt.toISOString(),
});

const HEADER_LINE = /^(address|application|chainId): /;

/** An AIP-62 `fullMessage` taken apart: the dapp's message and nonce, and the application line if any. */
const parseFullMessage = (fullMessage: string) => {
  const lines = fullMessage.split('\n');
  if (lines[0] !== 'APTOS') return null;
  let at = 1;
  let application: string | undefined;
  for (; at < lines.length && HEADER_LINE.test(lines[at] ?? ''); at++) {
    if (lines[at]?.startsWith('application: ')) application = lines[at]?.slice('application: '.length);
  }
  const last = lines.at(-1) ?? '';
  if (!lines[at]?.startsWith('message: ') || at === lines.length - 1 || !last.startsWith('nonce: ')) {
    return null;
  }
  const message = lines.slice(at, -1).join('\n').slice('message: '.length);
  return { message, nonce: last.slice('nonce: '.length), application };
};

/** The SIWA fields a `fullMessage` signs, when its message is SIWA text whose nonce is the message's. */
export const signInFieldsInFullMessage = (fullMessage: string) => {
  const parsed = parseFullMessage(fullMessage);
  const fields = parsed && parseSignInMessage(parsed.message);
  if (!parsed || !fields || fields.nonce !== parsed.nonce) return null;
  return { fields, application: parsed.application };
};

/**
 * The nonce of a sign-in `fullMessage` for `address`, or null. The keyless restore proof signs one
 * too; the ephemeral key signs it without a person, so its domain is not what protects it.
 */
export const nonceInFullMessage = (fullMessage: string, address: string): string | null => {
  const fields = signInFieldsInFullMessage(fullMessage)?.fields;
  return fields && canonicalAddress(fields.address) === address ? fields.nonce : null;
};
