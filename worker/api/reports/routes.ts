import { Hono } from 'hono';
import { ReportBodySchema } from '../../../schema/reports';
import type { AppEnv } from '../../lib/app-env';
import { byUser, rateLimit } from '../../lib/rate-limit';
import { registered, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { fileReport } from './service';

/** Reports to the platform (issue 24 §1): any registered user, about what they can see. */
export const reportsRoutes = new Hono<AppEnv>().post(
  '/',
  signedIn,
  rateLimit('REPORT_LIMITER', byUser),
  validate('json', ReportBodySchema),
  registered,
  async (c) => {
    await fileReport(c.env, c.var.user, c.req.valid('json'), new Date());
    return c.json({ data: { reported: true as const } }, 201);
  },
);
