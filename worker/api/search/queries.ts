import type { SearchUser, SuggestedUser } from '../../../schema/search';
import { selectUser, toUser, type UserRow } from '../../lib/user-row';

/**
 * bm25 column weights, in the index's column order (migration 0003): a match in the username or
 * full name counts far more than one in the description; tags sit between.
 */
const BM25 = 'bm25(users_fts, 10.0, 8.0, 1.0, 3.0)';

type SearchUserRow = UserRow & { views: number; total_donation_count: number };

/**
 * Full user records with the search card's totals for the users a `hits` CTE picks (columns
 * `hit_id` plus whatever `order` sorts on). The CTE applies the limit first, so the per-user work
 * (rank, totals) runs only for the rows answered. `found.*` is selectUser's explicit column list.
 */
const selectHits = (hits: string, order: string) => `
  WITH hits AS (${hits})
  SELECT found.*,
         (SELECT COALESCE(SUM(v.views), 0) FROM videos v WHERE v.user_id = found.id) AS views,
         (SELECT COUNT(*) FROM tips t WHERE t.receiver_id = found.id AND t.status = 'confirmed')
           AS total_donation_count
  FROM (${selectUser('u.id IN (SELECT hit_id FROM hits)')}) AS found
  JOIN hits ON hits.hit_id = found.id
  ORDER BY ${order}`;

const toSearchUser = (row: SearchUserRow): SearchUser => ({
  ...toUser(row),
  views: row.views,
  totalDonationCount: row.total_donation_count,
});

const allSearchUsers = async (statement: D1PreparedStatement) =>
  (await statement.all<SearchUserRow>()).results.map(toSearchUser);

/** Users matching an FTS5 query (see fts-query.ts), best match first, then most followed. */
export const searchUsers = (db: D1Database, ftsQuery: string, limit: number) =>
  allSearchUsers(
    db
      .prepare(
        selectHits(
          `SELECT u.id AS hit_id, ${BM25} AS score, u.followers, u.created_at
           FROM users_fts JOIN users u ON u.rowid = users_fts.rowid
           WHERE users_fts MATCH ?1
           ORDER BY score, u.followers DESC, u.created_at
           LIMIT ?2`,
          'hits.score, hits.followers DESC, hits.created_at',
        ),
      )
      .bind(ftsQuery, limit),
  );

/** Users of a category (and sub-category when given), most followed first. */
export const listUsersByCategory = (
  db: D1Database,
  category: string,
  subCategory: string | undefined,
  limit: number,
) => {
  // Two spellings rather than `?2 IS NULL OR ...`, so both use the (category, sub_category) index.
  const where = subCategory === undefined ? 'category = ?1' : 'category = ?1 AND sub_category = ?3';
  const hits = `SELECT id AS hit_id, followers, created_at FROM users WHERE ${where}
                ORDER BY followers DESC, created_at LIMIT ?2`;
  const statement = db.prepare(selectHits(hits, 'hits.followers DESC, hits.created_at'));
  return allSearchUsers(
    subCategory === undefined
      ? statement.bind(category, limit)
      : statement.bind(category, limit, subCategory),
  );
};

type SuggestedUserRow = { id: string; username: string; full_name: string; avatar: string };

/** The few users the search bar offers while typing: only what a suggestion shows. */
export const suggestUsers = async (
  db: D1Database,
  ftsQuery: string,
  limit: number,
): Promise<SuggestedUser[]> => {
  const { results } = await db
    .prepare(
      `SELECT u.id, u.username, u.full_name, u.avatar
       FROM users_fts JOIN users u ON u.rowid = users_fts.rowid
       WHERE users_fts MATCH ?1
       ORDER BY ${BM25}, u.followers DESC, u.created_at
       LIMIT ?2`,
    )
    .bind(ftsQuery, limit)
    .all<SuggestedUserRow>();
  return results.map((row) => ({
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    avatar: row.avatar,
  }));
};
