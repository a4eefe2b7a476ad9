import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import {
  HarvestResultSchema,
  PetSchema,
  PlantSchema,
  PotSchema,
  StarterKitSchema,
} from '../../schema/garden';
import { readLedgerSnapshot } from '../../worker/money/audit-read';
import { agePlant, gardenCall, gardener, unknownGardenAddress } from '../factories/garden';
import { newCaller } from './session';

const plantOf = (data: unknown) => PlantSchema.parse(data);

describe('POST /api/garden/starter-kit', () => {
  it('grants 1 pot, 3 seeds and 1 grow-time item on the first visit, and nothing more on the next', async () => {
    const { caller, kit } = await gardener();
    expect(kit.granted).toBe(true);
    expect([kit.pots.length, kit.plants.length, kit.items.length]).toEqual([1, 3, 1]);
    for (const seed of kit.plants) expect(seed).toMatchObject({ growthStage: 1, potAddress: null });
    const again = dataEnvelope(StarterKitSchema).parse(
      (await caller.json('/api/garden/starter-kit', 'POST')).body,
    );
    expect(again.data.granted).toBe(false);
    expect([again.data.pots.length, again.data.plants.length, again.data.items.length]).toEqual([1, 3, 1]);
  });

  it('grants once when two tabs ask at the same time', async () => {
    const { caller } = await gardener();
    const second = newCaller();
    second.cookie = caller.cookie;
    const answers = await Promise.all([
      caller.json('/api/garden/starter-kit', 'POST'),
      second.json('/api/garden/starter-kit', 'POST'),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const counts = await env.DB.prepare('SELECT COUNT(*) AS n FROM garden_pots').first<{ n: number }>();
    expect(counts?.n).toBe(1);
  });

  it('refuses a visitor with 401', async () => {
    const result = await gardenCall(newCaller(), '/starter-kit');
    expect(result.status).toBe(401);
    expect(result.error?.code).toBe('unauthorized');
  });
});

describe('POST /api/garden/plant/seed', () => {
  it('plants the owner’s seed in the owner’s pot: stage 1 Sprout, growing', async () => {
    const { caller, pot, seed } = await gardener();
    const result = await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    expect(result.status).toBe(200);
    expect(plantOf(result.data)).toMatchObject({
      potAddress: pot.address,
      growthStage: 1,
      readyToHarvest: false,
    });
    const inPot = await caller.json(`/api/garden/plant/in-pot/${pot.address}/${seed.address}`, 'GET');
    expect(inPot.body).toEqual({ data: { inPot: true } });
  });

  it('refuses another user’s pot or seed with 403, a visitor with 401, an unknown one with 404', async () => {
    const owner = await gardener();
    const other = await gardener();
    const intoOthersPot = await gardenCall(other.caller, '/plant/seed', {
      potAddr: owner.pot.address,
      plantAddr: other.seed.address,
    });
    expect(intoOthersPot.status).toBe(403);
    const othersSeed = await gardenCall(other.caller, '/plant/seed', {
      potAddr: other.pot.address,
      plantAddr: owner.seed.address,
    });
    expect(othersSeed.status).toBe(403);
    const visitor = await gardenCall(newCaller(), '/plant/seed', {
      potAddr: owner.pot.address,
      plantAddr: owner.seed.address,
    });
    expect(visitor.status).toBe(401);
    const unknown = await gardenCall(owner.caller, '/plant/seed', {
      potAddr: unknownGardenAddress(),
      plantAddr: owner.seed.address,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('not_found');
    const stored = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM garden_plants WHERE pot_address IS NOT NULL',
    ).first<{
      n: number;
    }>();
    expect(stored?.n).toBe(0);
  });

  it('lets one of two concurrent seeds into one pot win; the other is a 409 and the pot holds one plant', async () => {
    const { caller, pot, kit } = await gardener();
    const [first, second] = kit.plants;
    const answers = await Promise.all(
      [first, second].map((plant) =>
        gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: plant?.address }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.error?.code).toBe('conflict');
    const inPot = await env.DB.prepare('SELECT COUNT(*) AS n FROM garden_plants WHERE pot_address = ?1')
      .bind(pot.address)
      .first<{ n: number }>();
    expect(inPot?.n).toBe(1);
  });

  // A seed sent twice (same pot: done; another pot: 409) is in garden-replay.test.ts.
});

const readPlant = async (address: string) =>
  dataEnvelope(PlantSchema).parse((await newCaller().json(`/api/garden/plant/${address}`, 'GET')).body).data;

describe('growth, items and harvest', () => {
  it('computes stage and percent from the planting time: half the grow time is 50 %, Mature', async () => {
    const { caller, pot, seed } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await agePlant(seed.address, seed.baseGrowDuration / 2);
    const plant = await readPlant(seed.address);
    expect(plant.extendedGrowthPercent).toBeGreaterThanOrEqual(50);
    expect(plant.extendedGrowthPercent).toBeLessThan(51);
    expect(plant).toMatchObject({ growthStage: 3, readyToHarvest: false });
    await agePlant(seed.address, seed.baseGrowDuration);
    expect(await readPlant(seed.address)).toMatchObject({
      extendedGrowthPercent: 100,
      growthStage: 4,
      readyToHarvest: true,
    });
  });

  it('answers the plant info as the spec’s positional list', async () => {
    const { caller, address, pot, seed } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await agePlant(seed.address, seed.baseGrowDuration);
    const { body } = await newCaller().json(`/api/garden/plant/addresses-info/${address}`, 'GET');
    const info = (body as { data: unknown[][] }).data.find((row) => row[6] === seed.address);
    expect(info?.[0]).toBe(seed.name);
    expect(info?.[1]).toBe(seed.rarity);
    expect(info?.[7]).toBe(100);
    expect(info?.[8]).toBe(4);
    expect(info?.[9]).toBe(true);
    const pots = await newCaller().json(`/api/garden/pot/addresses-info/${address}`, 'GET');
    expect(pots.body).toEqual({ data: [[pot.name, 1, seed.address, pot.address]] });
  });

  it('refuses a harvest before the plant is ready with 409 and changes nothing', async () => {
    const { caller, pot, seed, kit } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    const early = await gardenCall(caller, '/plant/harvest', { plantAddr: seed.address });
    expect(early.status).toBe(409);
    expect(early.error?.message).toBe('This plant is not ready to harvest');
    expect(await readPlant(seed.address)).toMatchObject({ potAddress: pot.address, harvestedAt: null });
    const plants = await newCaller().json(`/api/garden/plant/addresses/${kit.pots[0]?.owner}`, 'GET');
    expect((plants.body as { data: string[] }).data).toHaveLength(3);
  });

  it('harvests a ready plant once: the pot is freed, the plant is stage 5 and two new seeds are given', async () => {
    const { caller, pot, seed, address } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await agePlant(seed.address, seed.baseGrowDuration);
    const [first, second] = await Promise.all([
      gardenCall(caller, '/plant/harvest', { plantAddr: seed.address }),
      gardenCall(caller, '/plant/harvest', { plantAddr: seed.address }),
    ]);
    // Both answer the one harvest (a resend is not a failure: garden-replay.test.ts).
    expect([first.status, second.status]).toEqual([200, 200]);
    const won = HarvestResultSchema.parse(first.data);
    expect(won.plant).toMatchObject({ growthStage: 5, potAddress: null, readyToHarvest: false });
    expect(won.seeds).toHaveLength(2);
    const plants = await newCaller().json(`/api/garden/plant/addresses/${address}`, 'GET');
    expect((plants.body as { data: string[] }).data).toHaveLength(5);
    const freed = PotSchema.parse((await gardenCall(caller, '/pot/upgrade', { potAddr: pot.address })).data);
    expect(freed.plantAddress).toBeNull();
  });

  it('refuses another user’s harvest with 403 and an unknown plant with 404', async () => {
    const owner = await gardener();
    const other = await gardener();
    await gardenCall(owner.caller, '/plant/seed', {
      potAddr: owner.pot.address,
      plantAddr: owner.seed.address,
    });
    await agePlant(owner.seed.address, owner.seed.baseGrowDuration);
    expect((await gardenCall(other.caller, '/plant/harvest', { plantAddr: owner.seed.address })).status).toBe(
      403,
    );
    expect(
      (await gardenCall(owner.caller, '/plant/harvest', { plantAddr: unknownGardenAddress() })).status,
    ).toBe(404);
    expect((await gardenCall(newCaller(), '/plant/harvest', { plantAddr: owner.seed.address })).status).toBe(
      401,
    );
  });

  it('spends one use of the grow-time item per call: +25 % each, 409 once its 3 uses are spent', async () => {
    const { caller, pot, seed, item } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    for (const expected of [25, 50, 75]) {
      const used = await gardenCall(caller, '/item/use-reduce-grow-time', {
        itemAddr: item.address,
        plantAddr: seed.address,
      });
      expect(used.status).toBe(200);
      expect(plantOf(used.data).extendedGrowthPercent).toBeGreaterThanOrEqual(expected);
    }
    const spent = await gardenCall(caller, '/item/use-reduce-grow-time', {
      itemAddr: item.address,
      plantAddr: seed.address,
    });
    expect(spent.status).toBe(409);
    expect(spent.error?.message).toBe('This item has no uses left');
  });

  it('evolves a harvested plant into a pet for the caller only, once', async () => {
    const { caller, pot, seed, address } = await gardener();
    const tooEarly = await gardenCall(caller, '/pet/evolve', { plantAddr: seed.address, receiver: address });
    expect(tooEarly.status).toBe(409);
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await agePlant(seed.address, seed.baseGrowDuration);
    await gardenCall(caller, '/plant/harvest', { plantAddr: seed.address });
    const elsewhere = await gardenCall(caller, '/pet/evolve', {
      plantAddr: seed.address,
      receiver: unknownGardenAddress(),
    });
    expect(elsewhere.status).toBe(403);
    const evolved = await gardenCall(caller, '/pet/evolve', { plantAddr: seed.address, receiver: address });
    expect(evolved.status).toBe(200);
    expect(PetSchema.parse(evolved.data)).toMatchObject({
      owner: address,
      fromPlant: seed.address,
      rarity: seed.rarity,
    });
    expect(
      (await gardenCall(caller, '/pet/evolve', { plantAddr: seed.address, receiver: address })).status,
    ).toBe(409);
    const pets = await newCaller().json(`/api/garden/pet/owner/${address}`, 'GET');
    expect((pets.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it('moves a growing plant to another empty pot of the owner, and upgrades a pot', async () => {
    const { caller, pot, seed, address } = await gardener();
    await env.DB.prepare(
      "INSERT INTO garden_pots (address, owner, name, created_at) VALUES (?1, ?2, 'Second Pot', ?3)",
    )
      .bind(`0x${'cd'.repeat(32)}`, address, new Date().toISOString())
      .run();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    const moved = await gardenCall(caller, '/plant/transfer', {
      potFromAddr: pot.address,
      potToAddr: `0x${'cd'.repeat(32)}`,
      plantAddr: seed.address,
    });
    expect(moved.status).toBe(200);
    expect(plantOf(moved.data).potAddress).toBe(`0x${'cd'.repeat(32)}`);
    const upgraded = await gardenCall(caller, '/pot/upgrade', { potAddr: pot.address });
    expect(PotSchema.parse(upgraded.data).level).toBe(2);
  });

  it('burns and decreases only the owner’s objects, never a planted plant', async () => {
    const { caller, pot, seed, kit } = await gardener();
    const other = await gardener();
    expect((await gardenCall(other.caller, '/plant/burn', { addr: seed.address })).status).toBe(403);
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    expect((await gardenCall(caller, '/plant/burn', { addr: seed.address })).status).toBe(409);
    const spare = kit.plants[1]?.address;
    expect((await gardenCall(caller, '/plant/decrease-quantity', { addr: spare, amount: 2 })).status).toBe(
      409,
    );
    const burned = await gardenCall(caller, '/plant/burn', { addr: spare });
    expect(plantOf(burned.data).quantity).toBe(0);
    expect((await gardenCall(caller, '/pet/burn', { addr: unknownGardenAddress() })).status).toBe(404);
  });

  it('moves no REEL: the whole garden flow leaves the ledger as it was', async () => {
    const before = await readLedgerSnapshot(env.DB);
    const { caller, pot, seed, item, address } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await gardenCall(caller, '/item/use-reduce-grow-time', {
      itemAddr: item.address,
      plantAddr: seed.address,
    });
    await agePlant(seed.address, seed.baseGrowDuration);
    expect((await gardenCall(caller, '/plant/harvest', { plantAddr: seed.address })).status).toBe(200);
    expect(
      (await gardenCall(caller, '/pet/evolve', { plantAddr: seed.address, receiver: address })).status,
    ).toBe(200);
    expect(await readLedgerSnapshot(env.DB)).toEqual(before);
  });
});
