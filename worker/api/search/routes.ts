import { Hono } from 'hono';
import { LIMITS } from '../../../schema/constants';
import { categorySearchQuerySchema, textSearchQuerySchema } from '../../../schema/search';
import type { AppEnv } from '../../lib/app-env';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { listUsersByCategory } from './queries';
import { findUsers, suggest } from './service';

const SearchQuerySchema = textSearchQuerySchema(LIMITS.topUsersDefault);
const SuggestionsQuerySchema = textSearchQuerySchema(LIMITS.suggestionsDefault);
const CategoryQuerySchema = categorySearchQuerySchema();
/** One budget per IP for the three: suggestions come as the visitor types. */
const limitSearch = rateLimit('SEARCH_LIMITER', byIp);

/**
 * Creator search (content spec §7, Users and search), mounted under `/users` ahead of the users
 * routes, so `/users/search…` can never be taken for a `/users/:id`.
 */
export const searchRoutes = new Hono<AppEnv>()
  .get('/search', limitSearch, validate('query', SearchQuerySchema), async (c) => {
    const { q, limit } = c.req.valid('query');
    return c.json({ data: await findUsers(c.env.DB, q, limit) });
  })
  .get('/search/suggestions', limitSearch, validate('query', SuggestionsQuerySchema), async (c) => {
    const { q, limit } = c.req.valid('query');
    return c.json({ data: await suggest(c.env.DB, q, limit) });
  })
  .get('/search/category', limitSearch, validate('query', CategoryQuerySchema), async (c) => {
    const { category, subCategory, limit } = c.req.valid('query');
    return c.json({ data: await listUsersByCategory(c.env.DB, category, subCategory, limit) });
  });
