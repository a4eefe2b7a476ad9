/** A value D1 binds: what our statements pass (numbers are integers or ISO strings, never blobs). */
export type SqlValue = string | number | null;

/**
 * A SQL statement as plain data: built by a feature's queries module, prepared where it runs. The
 * ledger's guards and side writes travel this way to the ledger writer (a Durable Object), which a
 * `D1PreparedStatement` cannot reach.
 */
export type SqlStatement = { readonly sql: string; readonly params: readonly SqlValue[] };

/** `sql('UPDATE t SET a = ?2 WHERE id = ?1', id, a)`: numbered params, as everywhere else. */
export const sql = (text: string, ...params: SqlValue[]): SqlStatement => ({ sql: text, params });

/** The statement bound to `db`, ready for `.run()` or a batch. */
export const prepare = (db: D1Database, statement: SqlStatement): D1PreparedStatement =>
  db.prepare(statement.sql).bind(...statement.params);
