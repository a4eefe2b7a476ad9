import { describe, expect, it } from 'vitest';
import { PlantSchema } from '../../schema/garden';
import { gardenCall, gardener, makeOperator, unknownGardenAddress } from '../factories/garden';
import { newCaller } from './session';

describe('platform-only garden calls', () => {
  it('refuses every catalogue and tuning call from a normal user with 403, and a visitor with 401', async () => {
    const { caller, address, seed, item } = await gardener();
    const calls: [string, unknown][] = [
      ['/pot/create', { owner: address, name: 'Gold Pot' }],
      ['/plant/create', { owner: address, name: 'Free Seed', rarity: 5 }],
      ['/item/create', { owner: address, name: 'Potion', usageType: 1, effectValue: 100, maxUsage: 99 }],
      ['/pet/create', { owner: address, name: 'Free Pet', rarity: 5 }],
      ['/plant/set-grow-duration', { plantAddr: seed.address, duration: 1 }],
      ['/plant/update-growth', { plantAddr: seed.address }],
      ['/plant/advance-growth', { plantAddr: seed.address, percent: 100 }],
      ['/item/set-usage-type', { itemAddr: item.address, value: 2 }],
      ['/item/set-effect-value', { itemAddr: item.address, value: 100 }],
      ['/item/set-max-usage', { itemAddr: item.address, value: 99 }],
      ['/item/increase-quantity', { addr: item.address, amount: 10 }],
    ];
    for (const [path, body] of calls) {
      const result = await gardenCall(caller, path, body);
      expect({ path, status: result.status, code: result.error?.code }).toEqual({
        path,
        status: 403,
        code: 'forbidden',
      });
      expect((await gardenCall(newCaller(), path, body)).status).toBe(401);
    }
  });

  it('lets a listed operator create objects and tune a plant’s grow duration', async () => {
    const operator = await gardener();
    await makeOperator(operator.address);
    const player = await gardener();
    const created = await gardenCall(operator.caller, '/plant/create', {
      owner: player.address,
      name: 'Gift Seed',
      rarity: 2,
    });
    expect(created.status).toBe(201);
    expect(PlantSchema.parse(created.data)).toMatchObject({
      owner: player.address,
      rarity: 2,
      baseGrowDuration: 7200,
    });
    const tuned = await gardenCall(operator.caller, '/plant/set-grow-duration', {
      plantAddr: player.seed.address,
      duration: 5,
    });
    expect(PlantSchema.parse(tuned.data).baseGrowDuration).toBe(5);
    expect(
      (
        await gardenCall(operator.caller, '/plant/set-grow-duration', {
          plantAddr: unknownGardenAddress(),
          duration: 5,
        })
      ).status,
    ).toBe(404);
    const refused = await gardenCall(operator.caller, '/item/set-max-usage', {
      itemAddr: player.item.address,
      value: 0,
    });
    expect(refused.status).toBe(400);
  });
});
