import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { bookmarksRoutes } from './bookmarks-routes';
import { followsRoutes } from './follows-routes';
import { likesRoutes } from './likes-routes';

/**
 * Engagement paths under `/users` (likes, bookmarks, follows). Mounted after the users feature so
 * its paths (`/check/:x`, `/address/:addr`, `/top`, ...) match first; every path here has a literal
 * segment (`likes`, `bookmarks`, `follow`, `followers`, ...) that none of those use.
 */
export const engagementUsersRoutes = new Hono<AppEnv>()
  .route('/', likesRoutes)
  .route('/', bookmarksRoutes)
  .route('/', followsRoutes);
