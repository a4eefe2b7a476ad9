import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import type { AppEnv } from '../lib/app-env';
import type { ReadApi } from './screens';

const AnyDataSchema = dataEnvelope(z.unknown());

/**
 * A `ReadApi` over `api` (the app's `/api` routes, mounted without their prefix) for the page
 * request `c`: the same handlers with this request's bindings (and its D1 session), no cookie, so
 * the answers are exactly what a visitor's app would get, never anything private to the caller.
 */
export const readApiThrough =
  (api: Hono<AppEnv>) =>
  (c: Context<AppEnv>): ReadApi =>
  async (path) => {
    const response = await api.request(
      path.replace(/^\/api/, ''),
      { headers: { accept: 'application/json' } },
      c.env,
      c.executionCtx,
    );
    if (response.status !== 200) return undefined;
    const body = AnyDataSchema.safeParse(await response.json());
    return body.success ? body.data.data : undefined;
  };
