import { sha256Hex } from '../lib/crypto';

/** Lifetime of a dev id_token: Google's is one hour too. */
export const DEV_ID_TOKEN_TTL_SECS = 3600;
export const DEMO_EMAIL = 'demo@reel.local';
const DEMO_NAME = 'Demo Person';

export type DemoPerson = { sub: string; email: string; name: string; picture: string };

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The person the dev provider signs in for `email`. `sub` is derived from the e-mail address (21
 * digits, like Google's), so the same address is always the same person and gets the same account.
 */
export const demoPerson = async (email: string, issuer: string): Promise<DemoPerson> => {
  const normalized = email.trim().toLowerCase();
  const hash = BigInt(`0x${await sha256Hex(normalized)}`);
  const sub = (hash % 10n ** 21n).toString().padStart(21, '1');
  const local = normalized.split('@')[0] ?? normalized;
  const name =
    normalized === DEMO_EMAIL
      ? DEMO_NAME
      : local
          .split(/[._-]+/)
          .filter(Boolean)
          .map(titleCase)
          .join(' ');
  return { sub, email: normalized, name: name || DEMO_NAME, picture: `${issuer}/picture.svg` };
};

/** The claims of an id_token for `person` (accounts §3): issued now, valid one hour, carrying the nonce. */
export const idTokenClaims = (args: {
  issuer: string;
  clientId: string;
  nonce: string;
  person: DemoPerson;
  nowSecs: number;
}) => ({
  iss: args.issuer,
  aud: args.clientId,
  sub: args.person.sub,
  email: args.person.email,
  email_verified: true,
  name: args.person.name,
  picture: args.person.picture,
  nonce: args.nonce,
  iat: args.nowSecs,
  exp: args.nowSecs + DEV_ID_TOKEN_TTL_SECS,
});

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where the provider may send a token: only this site's `/callback`, with no query or fragment of its
 * own. A page on a loopback origin may also name another loopback port, because `npm run dev` serves
 * the app from Vite and proxies /dev-oidc to the worker under the worker's own host.
 */
export const isAllowedRedirect = (redirectUri: string, requestUrl: string): boolean => {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  const self = new URL(requestUrl);
  if (target.pathname !== '/callback' || target.search || target.hash) return false;
  if (target.username || target.password) return false;
  if (target.origin === self.origin) return true;
  return target.protocol === 'http:' && LOOPBACK.has(target.hostname) && LOOPBACK.has(self.hostname);
};
