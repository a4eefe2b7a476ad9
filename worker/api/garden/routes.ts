import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CanonicalAddressSchema } from '../../../schema/common';
import {
  AdvanceGrowthBodySchema,
  BurnBodySchema,
  CreateBodySchemas,
  EvolveBodySchema,
  GARDEN_KINDS,
  GardenAddressSchema,
  ItemSettingBodySchema,
  PlantAddrBodySchema,
  PotAddrBodySchema,
  QuantityBodySchema,
  SeedBodySchema,
  SetGrowDurationBodySchema,
  TransferBodySchema,
  UseItemBodySchema,
} from '../../../schema/garden';
import type { AppEnv } from '../../lib/app-env';
import { conflict, notFound } from '../../lib/errors';
import { signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { infoOf } from './info';
import { assertOperator, createObject, setItem } from './platform';
import { readers } from './queries';
import { evolve, grantStarterKit, harvest, ownedBy, seed, transfer, upgrade, useItem } from './service';
import { addGrowth, decreaseQuantity, increaseQuantity, setGrowDuration } from './write-queries';

const OwnerParam = z.object({ owner: CanonicalAddressSchema });
const AddrParam = z.object({ addr: GardenAddressSchema });
const InPotParam = z.object({ pot: GardenAddressSchema, plant: GardenAddressSchema });

/**
 * `/api/garden` (issue 12, content §7): reads are public (objects live at addresses, as on chain);
 * writes are signed in (401 for a visitor) and act as the session's address, only on the caller's
 * own objects; catalogue and tuning calls are platform-only (platform.ts). Growth is computed on
 * every read, so `update-growth` stores nothing.
 */
export const gardenRoutes = new Hono<AppEnv>().post('/starter-kit', signedIn, async (c) =>
  c.json({ data: await grantStarterKit(c.env.DB, c.var.session.address, new Date()) }),
);

gardenRoutes
  .get('/plant/in-pot/:pot/:plant', validate('param', InPotParam), async (c) => {
    const { pot, plant } = c.req.valid('param');
    const found = await readers.plant.byAddress(c.env.DB, plant, Date.now());
    return c.json({ data: { inPot: found?.potAddress === pot } });
  })
  .post('/plant/seed', signedIn, validate('json', SeedBodySchema), async (c) =>
    c.json({ data: await seed(c.env.DB, c.var.session.address, c.req.valid('json'), new Date()) }),
  )
  .post('/plant/harvest', signedIn, validate('json', PlantAddrBodySchema), async (c) =>
    c.json({
      data: await harvest(c.env.DB, c.var.session.address, c.req.valid('json').plantAddr, new Date()),
    }),
  )
  .post('/plant/transfer', signedIn, validate('json', TransferBodySchema), async (c) =>
    c.json({ data: await transfer(c.env.DB, c.var.session.address, c.req.valid('json'), new Date()) }),
  )
  .post('/pot/upgrade', signedIn, validate('json', PotAddrBodySchema), async (c) =>
    c.json({
      data: await upgrade(c.env.DB, c.var.session.address, c.req.valid('json').potAddr, new Date()),
    }),
  )
  .post('/item/use-reduce-grow-time', signedIn, validate('json', UseItemBodySchema), async (c) =>
    c.json({ data: await useItem(c.env.DB, c.var.session.address, c.req.valid('json'), new Date()) }),
  )
  .post('/pet/evolve', signedIn, validate('json', EvolveBodySchema), async (c) =>
    c.json({ data: await evolve(c.env.DB, c.var.session.address, c.req.valid('json'), new Date()) }),
  )
  // Platform only.
  .post('/plant/set-grow-duration', signedIn, validate('json', SetGrowDurationBodySchema), async (c) => {
    await assertOperator(c.env.DB, c.var.session.address);
    const { plantAddr, duration } = c.req.valid('json');
    if (!(await setGrowDuration(c.env.DB, plantAddr, duration))) throw notFound('Plant not found');
    return c.json({ data: await readers.plant.byAddress(c.env.DB, plantAddr, Date.now()) });
  })
  .post('/plant/update-growth', signedIn, validate('json', PlantAddrBodySchema), async (c) => {
    await assertOperator(c.env.DB, c.var.session.address);
    const plant = await readers.plant.byAddress(c.env.DB, c.req.valid('json').plantAddr, Date.now());
    if (!plant) throw notFound('Plant not found');
    return c.json({ data: plant });
  })
  .post('/plant/advance-growth', signedIn, validate('json', AdvanceGrowthBodySchema), async (c) => {
    await assertOperator(c.env.DB, c.var.session.address);
    const { plantAddr, percent } = c.req.valid('json');
    if (!(await addGrowth(c.env.DB, plantAddr, percent))) {
      if (!(await readers.plant.byAddress(c.env.DB, plantAddr, Date.now())))
        throw notFound('Plant not found');
      throw conflict('This plant is not growing');
    }
    return c.json({ data: await readers.plant.byAddress(c.env.DB, plantAddr, Date.now()) });
  });

const ITEM_SETTINGS = [
  ['set-usage-type', 'usage_type'],
  ['set-effect-value', 'effect_value'],
  ['set-max-usage', 'max_usage'],
] as const;
for (const [path, column] of ITEM_SETTINGS) {
  gardenRoutes.post(`/item/${path}`, signedIn, validate('json', ItemSettingBodySchema), async (c) => {
    await assertOperator(c.env.DB, c.var.session.address);
    const { itemAddr, value } = c.req.valid('json');
    return c.json({ data: await setItem(c.env.DB, itemAddr, column, value, new Date()) });
  });
}

for (const kind of GARDEN_KINDS) {
  const reader = readers[kind];
  gardenRoutes
    .get(`/${kind}/latest/:owner`, validate('param', OwnerParam), async (c) => {
      const [latest] = await reader.byOwner(c.env.DB, c.req.valid('param').owner, Date.now());
      return c.json({ data: latest ?? null });
    })
    .get(`/${kind}/owner/:owner`, validate('param', OwnerParam), async (c) =>
      c.json({ data: await reader.byOwner(c.env.DB, c.req.valid('param').owner, Date.now()) }),
    )
    .get(`/${kind}/addresses/:owner`, validate('param', OwnerParam), async (c) => {
      const objects = await reader.byOwner(c.env.DB, c.req.valid('param').owner, Date.now());
      return c.json({ data: objects.map((object) => object.address) });
    })
    .get(`/${kind}/addresses-info/:owner`, validate('param', OwnerParam), async (c) => {
      const objects = await reader.byOwner(c.env.DB, c.req.valid('param').owner, Date.now());
      return c.json({ data: objects.map((object) => infoOf(kind, object)) });
    })
    .post(`/${kind}/burn`, signedIn, validate('json', BurnBodySchema), async (c) => {
      const owner = c.var.session.address;
      const { addr, amount } = c.req.valid('json');
      await ownedBy(c.env.DB, kind, addr, owner, Date.now());
      if (!(await decreaseQuantity(c.env.DB, kind, { owner, addr, amount: amount ?? null }))) {
        throw conflict(`This ${kind} is in use or has fewer left than that`);
      }
      return c.json({ data: await reader.byAddress(c.env.DB, addr, Date.now()) });
    })
    .post(`/${kind}/decrease-quantity`, signedIn, validate('json', QuantityBodySchema), async (c) => {
      const owner = c.var.session.address;
      const { addr, amount } = c.req.valid('json');
      await ownedBy(c.env.DB, kind, addr, owner, Date.now());
      if (!(await decreaseQuantity(c.env.DB, kind, { owner, addr, amount }))) {
        throw conflict(`This ${kind} is in use or has fewer left than that`);
      }
      return c.json({ data: await reader.byAddress(c.env.DB, addr, Date.now()) });
    })
    .post(`/${kind}/increase-quantity`, signedIn, validate('json', QuantityBodySchema), async (c) => {
      await assertOperator(c.env.DB, c.var.session.address);
      const { addr, amount } = c.req.valid('json');
      if (!(await increaseQuantity(c.env.DB, kind, { addr, amount }))) throw notFound('Not found');
      return c.json({ data: await reader.byAddress(c.env.DB, addr, Date.now()) });
    })
    .post(`/${kind}/create`, signedIn, validate('json', CreateBodySchemas[kind]), async (c) => {
      await assertOperator(c.env.DB, c.var.session.address);
      return c.json({ data: await createObject(c.env.DB, kind, c.req.valid('json'), new Date()) }, 201);
    })
    .get(`/${kind}/:addr`, validate('param', AddrParam), async (c) => {
      const found = await reader.byAddress(c.env.DB, c.req.valid('param').addr, Date.now());
      if (!found) throw notFound('Not found');
      return c.json({ data: found });
    });
}
