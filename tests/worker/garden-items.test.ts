import { describe, expect, it } from 'vitest';
import { ItemSchema, PlantSchema } from '../../schema/garden';
import { agePlant, gardenCall, gardener, unknownGardenAddress } from '../factories/garden';
import { type Caller, newCaller } from './session';

/*
 * Issue 23.1: an item is used on a growing plant only by the owner of both, at most its max usage,
 * and a refused use writes nothing (neither the plant's growth nor the item's uses).
 */

const readData = async (caller: Caller, path: string) =>
  ((await caller.json(`/api/garden/${path}`, 'GET')).body as { data: unknown }).data;
const usesLeft = async (caller: Caller, addr: string) =>
  ItemSchema.parse(await readData(caller, `item/${addr}`)).usesLeft;
const added = async (caller: Caller, addr: string) =>
  PlantSchema.parse(await readData(caller, `plant/${addr}`)).addedPercent;

describe('POST /api/garden/item/use-reduce-grow-time', () => {
  it('refuses an item on another user’s plant, or another user’s item, with 403 and writes nothing', async () => {
    const owner = await gardener();
    const other = await gardener();
    await gardenCall(owner.caller, '/plant/seed', {
      potAddr: owner.pot.address,
      plantAddr: owner.seed.address,
    });

    const onOthersPlant = await gardenCall(other.caller, '/item/use-reduce-grow-time', {
      itemAddr: other.item.address,
      plantAddr: owner.seed.address,
    });
    expect(onOthersPlant.status).toBe(403);
    expect(onOthersPlant.error?.code).toBe('forbidden');
    const othersItem = await gardenCall(other.caller, '/item/use-reduce-grow-time', {
      itemAddr: owner.item.address,
      plantAddr: owner.seed.address,
    });
    expect(othersItem.status).toBe(403);

    expect(await usesLeft(owner.caller, owner.item.address)).toBe(owner.item.maxUsage);
    expect(await usesLeft(other.caller, other.item.address)).toBe(other.item.maxUsage);
    expect(await added(owner.caller, owner.seed.address)).toBe(0);
  });

  it('refuses a visitor with 401 and an unknown item or plant with 404', async () => {
    const { caller, pot, seed, item } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    const body = { itemAddr: item.address, plantAddr: seed.address };
    expect((await gardenCall(newCaller(), '/item/use-reduce-grow-time', body)).status).toBe(401);
    const unknownItem = await gardenCall(caller, '/item/use-reduce-grow-time', {
      ...body,
      itemAddr: unknownGardenAddress(),
    });
    expect(unknownItem.status).toBe(404);
    expect(unknownItem.error?.message).toBe('Item not found');
    const unknownPlant = await gardenCall(caller, '/item/use-reduce-grow-time', {
      ...body,
      plantAddr: unknownGardenAddress(),
    });
    expect(unknownPlant.status).toBe(404);
    expect(await usesLeft(caller, item.address)).toBe(item.maxUsage);
  });

  it('refuses a seed not planted and a harvested plant with 409, keeping every use of the item', async () => {
    const { caller, pot, seed, item, kit } = await gardener();
    const unplanted = kit.plants[1];
    if (!unplanted) throw new Error('starter kit has 3 seeds');
    const onSeed = await gardenCall(caller, '/item/use-reduce-grow-time', {
      itemAddr: item.address,
      plantAddr: unplanted.address,
    });
    expect(onSeed.status).toBe(409);
    expect(onSeed.error?.message).toBe('This plant is not growing');

    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await agePlant(seed.address, seed.baseGrowDuration);
    expect((await gardenCall(caller, '/plant/harvest', { plantAddr: seed.address })).status).toBe(200);
    const onHarvested = await gardenCall(caller, '/item/use-reduce-grow-time', {
      itemAddr: item.address,
      plantAddr: seed.address,
    });
    expect(onHarvested.status).toBe(409);
    expect(await usesLeft(caller, item.address)).toBe(item.maxUsage);
    expect(await added(caller, unplanted.address)).toBe(0);
  });

  it('a used-up item is refused with 409 and adds nothing more; parallel uses never pass its max usage', async () => {
    const { caller, pot, seed, item } = await gardener();
    await gardenCall(caller, '/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    const body = { itemAddr: item.address, plantAddr: seed.address };
    const answers = await Promise.all(
      Array.from({ length: item.maxUsage + 3 }, () => gardenCall(caller, '/item/use-reduce-grow-time', body)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(item.maxUsage);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect(await usesLeft(caller, item.address)).toBe(0);
    expect(await added(caller, seed.address)).toBe(item.maxUsage * item.effectValue);

    const again = await gardenCall(caller, '/item/use-reduce-grow-time', body);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('This item has no uses left');
    expect(await added(caller, seed.address)).toBe(item.maxUsage * item.effectValue);
  });
});

describe('POST /api/garden/pet/evolve', () => {
  it('refuses another user’s harvested plant with 403 and leaves it to its owner', async () => {
    const owner = await gardener();
    const other = await gardener();
    await gardenCall(owner.caller, '/plant/seed', {
      potAddr: owner.pot.address,
      plantAddr: owner.seed.address,
    });
    await agePlant(owner.seed.address, owner.seed.baseGrowDuration);
    await gardenCall(owner.caller, '/plant/harvest', { plantAddr: owner.seed.address });
    const stolen = await gardenCall(other.caller, '/pet/evolve', {
      plantAddr: owner.seed.address,
      receiver: other.address,
    });
    expect(stolen.status).toBe(403);
    const evolved = await gardenCall(owner.caller, '/pet/evolve', {
      plantAddr: owner.seed.address,
      receiver: owner.address,
    });
    expect(evolved.status).toBe(200);
  });
});
