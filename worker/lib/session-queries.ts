import { selectUser, sessionUserOf, type UserRow } from './user-row';

/** The session read of lib/session.ts: sign-in writes sessions (api/auth/), every route reads them. */

/**
 * A live session and its user's own record (null before registration), in one round trip: every
 * signed-in request asks, so the two reads go to D1 as one batch rather than one after the other,
 * and the user's rank is not counted (`SessionUser`).
 */
export const getSessionWithUser = async (db: D1Database, tokenHash: string, now: Date) => {
  const at = now.toISOString();
  const [sessions, users] = await db.batch([
    db.prepare('SELECT address, method FROM sessions WHERE id = ?1 AND expires_at > ?2').bind(tokenHash, at),
    db
      .prepare(
        selectUser('u.aptos_address = (SELECT address FROM sessions WHERE id = ?1 AND expires_at > ?2)', {
          rank: false,
        }),
      )
      .bind(tokenHash, at),
  ]);
  const session = sessions?.results[0] as { address: string; method: 'wallet' | 'keyless' } | undefined;
  if (!session) return null;
  const user = users?.results[0] as UserRow | undefined;
  return { ...session, user: user ? sessionUserOf(user) : null };
};
