import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';

/** The local Aptos chain (DESIGN.md §5): `/localnet/v1` (fullnode REST subset) and the faucet. */
export const localnetRoutes = new Hono<AppEnv>();
