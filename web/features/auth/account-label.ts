import type { SessionInfo } from '../../../schema/auth';

/** An address as the account menu shows it: the first 6 and last 4 characters (`0x1234…abcd`). */
export function shortenAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The account menu's label: the user's full name, or before registration the shortened address. */
export function accountLabel(info: SessionInfo): string {
  return info.user?.fullName || info.user?.username || shortenAddress(info.address);
}
