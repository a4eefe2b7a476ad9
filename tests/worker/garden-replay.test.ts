import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { HarvestResultSchema, PlantSchema, PotSchema } from '../../schema/garden';
import { agePlant, gardenCall, gardener, makeOperator } from '../factories/garden';

/*
 * A plant or harvest queued offline may reach the server twice: the page and the service worker
 * both send the outbox, or a send whose answer was lost goes again (issue 12: "plant offline, go
 * online, it is planted once"). The second send must not act twice, nor fail.
 */

const plantsIn = async (potAddr: string) =>
  (
    await env.DB.prepare('SELECT COUNT(*) AS n FROM garden_plants WHERE pot_address = ?1')
      .bind(potAddr)
      .first<{ n: number }>()
  )?.n;

const plantsOf = async (owner: string) =>
  (
    await env.DB.prepare('SELECT COUNT(*) AS n FROM garden_plants WHERE owner = ?1')
      .bind(owner)
      .first<{ n: number }>()
  )?.n;

describe('a plant sent twice', () => {
  it('answers the second send of the same seed into the same pot with the planted plant (200), planted once', async () => {
    const { caller, pot, seed } = await gardener();
    const body = { potAddr: pot.address, plantAddr: seed.address };
    const first = await gardenCall(caller, '/plant/seed', body);
    const again = await gardenCall(caller, '/plant/seed', body);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(PlantSchema.parse(again.data)).toMatchObject({
      address: seed.address,
      potAddress: pot.address,
      plantedAt: PlantSchema.parse(first.data).plantedAt,
    });
    expect(await plantsIn(pot.address)).toBe(1);
  });

  it('answers both of two sends at the same time (page and service worker) with the one plant', async () => {
    const { caller, pot, seed } = await gardener();
    const body = { potAddr: pot.address, plantAddr: seed.address };
    const answers = await Promise.all([
      gardenCall(caller, '/plant/seed', body),
      gardenCall(caller, '/plant/seed', body),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await plantsIn(pot.address)).toBe(1);
  });

  it('still refuses a planted seed sent to another pot (409) and leaves it where it is', async () => {
    const { caller, address, pot, seed } = await gardener();
    await makeOperator(address);
    const created = await gardenCall(caller, '/pot/create', { owner: address, name: 'Second Pot' });
    const other = PotSchema.parse(created.data);
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    const moved = await gardenCall(caller, '/plant/seed', {
      potAddr: other.address,
      plantAddr: seed.address,
    });
    expect(moved.status).toBe(409);
    expect(moved.error?.message).toBe('This seed is already planted');
    expect([await plantsIn(pot.address), await plantsIn(other.address)]).toEqual([1, 0]);
  });
});

describe('a harvest sent twice', () => {
  it('answers the second send with the first harvest and pays its two seeds once', async () => {
    const { caller, address, pot, seed } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await agePlant(seed.address, seed.baseGrowDuration);
    const first = await gardenCall(caller, '/plant/harvest', { plantAddr: seed.address });
    const again = await gardenCall(caller, '/plant/harvest', { plantAddr: seed.address });
    expect([first.status, again.status]).toEqual([200, 200]);
    const given = HarvestResultSchema.parse(first.data)
      .seeds.map((s) => s.address)
      .sort();
    const replayed = HarvestResultSchema.parse(again.data);
    expect(replayed.seeds.map((s) => s.address).sort()).toEqual(given);
    expect(replayed.plant).toMatchObject({ growthStage: 5, potAddress: null });
    expect(await plantsOf(address)).toBe(5);
  });

  it('pays once when the page and the service worker send it at the same time', async () => {
    const { caller, address, pot, seed } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await agePlant(seed.address, seed.baseGrowDuration);
    const answers = await Promise.all([
      gardenCall(caller, '/plant/harvest', { plantAddr: seed.address }),
      gardenCall(caller, '/plant/harvest', { plantAddr: seed.address }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [a, b] = answers.map((answer) =>
      HarvestResultSchema.parse(answer.data)
        .seeds.map((s) => s.address)
        .sort(),
    );
    expect(a).toEqual(b);
    expect(await plantsOf(address)).toBe(5);
  });
});
