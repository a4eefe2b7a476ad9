import { canonicalAddress } from '../../../schema/chain';
import type { SignInFields } from '../../../schema/siwa';
import type { SignInSite } from './sign-in-message';

/** How far ahead of our clock a wallet's `Issued At` may be (its clock, or ours, runs fast). */
export const CLOCK_SKEW_MS = 60_000;

const timeOf = (iso: string | undefined) => (iso === undefined ? Number.NaN : Date.parse(iso));

/**
 * Why signed sign-in `fields` cannot open a session for `address` at `site`, or null when they can:
 * they must name this host and origin, this chain, version 1, that account, and be issued (give or
 * take a minute) and unexpired now. The nonce is checked against D1 afterwards.
 */
export const signInRefusal = (
  fields: SignInFields,
  site: SignInSite,
  address: string,
  now: Date,
): string | null => {
  const issuedAt = timeOf(fields.issuedAt);
  const expiresAt = timeOf(fields.expirationTime);
  if (fields.version !== '1' || Number.isNaN(issuedAt) || Number.isNaN(expiresAt)) {
    return 'The signed message is not a Reel sign-in request';
  }
  if (fields.domain !== site.host || originOf(fields.uri) !== site.origin) {
    return 'This sign-in request is for another site';
  }
  if (fields.chainId !== site.chainId) return 'This sign-in request is for another chain';
  if (canonicalAddress(fields.address) !== address) return 'The signed message is for another account';
  const notBefore = fields.notBefore === undefined ? issuedAt : Math.max(issuedAt, timeOf(fields.notBefore));
  if (!(notBefore <= now.getTime() + CLOCK_SKEW_MS)) return 'This sign-in request is not valid yet';
  if (expiresAt <= now.getTime()) return 'This sign-in request has expired or was already used';
  return null;
};

const originOf = (uri: string) => {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
};
