import type * as z from 'zod/mini';
import { type CreateBodySchemas, GARDEN_RULES, type GardenKind } from '../../../schema/garden';
import { conflict, notFound } from '../../lib/errors';
import { requireOperator } from '../../lib/operators';
import { readers } from './queries';
import { newGardenAddress } from './service';
import {
  type ItemSetting,
  insertItemStatement,
  insertPetStatement,
  insertPlantStatement,
  insertPotStatement,
  setItemSetting,
} from './write-queries';

/**
 * The platform-only calls (catalogue and tuning). A platform caller is a signed-in address listed in
 * `garden_operators` (migration 0012), added by an operator with `wrangler d1 execute`: the platform
 * address itself has no key anyone signs in with, and no route can make an operator.
 */
export const assertOperator = (db: D1Database, address: string) =>
  requireOperator(db, address, 'Only the platform may make this garden call');

type CreateBody<K extends GardenKind> = z.infer<(typeof CreateBodySchemas)[K]>;

/** Creates an object of `kind` for `body.owner` and answers it. */
export const createObject = async <K extends GardenKind>(
  db: D1Database,
  kind: K,
  body: CreateBody<K>,
  now: Date,
) => {
  const address = newGardenAddress();
  const createdAt = now.toISOString();
  const base = { address, owner: body.owner, name: body.name, createdAt };
  if (kind === 'pot') await insertPotStatement(db, base).run();
  if (kind === 'plant') {
    const plant = body as CreateBody<'plant'>;
    const seconds = plant.baseGrowDuration ?? GARDEN_RULES.baseGrowSeconds[plant.rarity - 1] ?? 3600;
    await insertPlantStatement(db, { ...base, rarity: plant.rarity, baseGrowSeconds: seconds }).run();
  }
  if (kind === 'item') await insertItemStatement(db, { ...base, ...(body as CreateBody<'item'>) }).run();
  if (kind === 'pet')
    await insertPetStatement(db, { ...base, rarity: (body as CreateBody<'pet'>).rarity }).run();
  const created = await readers[kind].byAddress(db, address, now.getTime());
  if (!created) throw new Error('created garden object not found');
  return created;
};

/** Sets one item setting; 404 for an unknown item, 409 when the table's rules refuse the value. */
export const setItem = async (
  db: D1Database,
  itemAddr: string,
  column: ItemSetting,
  value: number,
  now: Date,
) => {
  const outcome = await setItemSetting(db, itemAddr, column, value);
  if (outcome === 'missing') throw notFound('Item not found');
  if (outcome === 'refused') throw conflict('That value is out of range for this item');
  return readers.item.byAddress(db, itemAddr, now.getTime());
};
