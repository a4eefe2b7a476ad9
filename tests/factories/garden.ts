import { env } from 'cloudflare:workers';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { StarterKitSchema } from '../../schema/garden';
import { type Caller, signIn } from '../worker/session';

/** A signed-in wallet that visited the garden once: its caller, address and starter kit. */
export const gardener = async () => {
  const { caller, wallet } = await signIn();
  const result = await caller.json('/api/garden/starter-kit', 'POST');
  if (result.status !== 200) throw new Error(`starter kit: ${JSON.stringify(result.body)}`);
  const kit = dataEnvelope(StarterKitSchema).parse(result.body).data;
  const pot = kit.pots[0];
  const seed = kit.plants[0];
  const item = kit.items[0];
  if (!pot || !seed || !item) throw new Error('starter kit incomplete');
  return { caller, address: wallet.address.toLowerCase(), kit, pot, seed, item };
};

/** Lists `address` in garden_operators, as an operator would with `wrangler d1 execute`. */
export const makeOperator = (address: string) =>
  env.DB.prepare('INSERT INTO garden_operators (address, added_at) VALUES (?1, ?2)')
    .bind(address, new Date().toISOString())
    .run();

/** Moves a plant's planting time back, as if `seconds` had passed since it was planted. */
export const agePlant = (plantAddr: string, seconds: number) =>
  env.DB.prepare('UPDATE garden_plants SET planted_at = ?2 WHERE address = ?1')
    .bind(plantAddr, new Date(Date.now() - seconds * 1000).toISOString())
    .run();

/** POSTs JSON to a garden path and answers status, data and error. */
export const gardenCall = async (caller: Caller, path: string, body?: unknown) => {
  const result = await caller.json(`/api/garden${path}`, 'POST', body);
  const parsed = z
    .object({
      data: z.optional(z.unknown()),
      error: z.optional(z.object({ code: z.string(), message: z.string() })),
    })
    .parse(result.body);
  return { status: result.status, data: parsed.data, error: parsed.error };
};

/** An address no garden object has. */
export const unknownGardenAddress = () => `0x${'ab'.repeat(32)}`;
