import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type * as z from 'zod/mini';
import { badRequest } from './errors';

/**
 * zod validation for a request part; a failure is a 400 carrying the first issue's message
 * (DESIGN.md §3), thrown so the one error handler shapes it.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw badRequest(issue ? `${where}${issue.message}` : 'Invalid request');
    }
  });
