import { forbidden } from './errors';

/**
 * 403 with `message` unless `address` is one of the platform's operators (docs/operators.md):
 * listed in `garden_operators` (migration 0012, named for its first use), which only an operator
 * writes with `wrangler d1 execute`; no route can make an operator.
 */
export const requireOperator = async (db: D1Database, address: string, message: string) => {
  const listed = await db
    .prepare('SELECT 1 AS yes FROM garden_operators WHERE address = ?1')
    .bind(address)
    .first();
  if (listed === null) throw forbidden(message);
};
