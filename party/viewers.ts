/**
 * Who a chat socket counts as (issue 23 §3): the viewer count is people, not sockets. A signed-in
 * user (the chat token's user id) is one viewer however many tabs and shards; a visitor is their
 * address, so every visitor behind one address is one viewer. Behind a shared NAT that undercounts;
 * a count anyone can raise by opening sockets is worth less than one that is sometimes low.
 */

/** Sockets one viewer may hold in one room: a user's tabs, or the token-less sockets of one address. */
export const MAX_SOCKETS_PER_VIEWER = 10;

/** What the 11th socket is told before it is closed. */
export const TOO_MANY_SOCKETS_TEXT = {
  user: 'This chat is open in too many tabs. Close one and reload.',
  address: 'Too many chat connections from your network. Close one and reload.',
} as const;

/** A socket's viewer: the token's user id, else the room's salted hash of the address (never the address). */
export type Viewer = { kind: 'user'; userId: string } | { kind: 'address'; hash: string };

/** The key a viewer is tallied under; users and addresses never collide. */
export const viewerKey = (viewer: Viewer): string =>
  viewer.kind === 'user' ? `u:${viewer.userId}` : `a:${viewer.hash}`;

/** The salted SHA-256 of an address, hex: the same address gives the same key in one room only. */
export const hashAddress = async (salt: string, address: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${address}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
};

/** Open sockets per viewer key. */
export type Tally = Map<string, number>;

/**
 * Counts one more socket for `key` unless it already holds `limit`; answers whether it was counted.
 * Mutates `tally` (O(1): a join storm stays linear).
 */
export const admitSocket = (tally: Tally, key: string, limit = MAX_SOCKETS_PER_VIEWER): boolean => {
  const held = tally.get(key) ?? 0;
  if (held >= limit) return false;
  tally.set(key, held + 1);
  return true;
};

/** Counts one socket of `key` less; a key with none left leaves the tally. Mutates `tally`. */
export const releaseSocket = (tally: Tally, key: string): number => {
  const left = (tally.get(key) ?? 0) - 1;
  if (left > 0) tally.set(key, left);
  else tally.delete(key);
  return Math.max(left, 0);
};
