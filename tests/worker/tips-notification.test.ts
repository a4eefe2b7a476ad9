import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../factories/engagement';
import { fundUser, seedTreasury } from '../factories/ledger';
import { prepareSession, streamer } from '../factories/live';
import { chatFrame, openSocket } from './room-socket';

const db = env.DB;

/** The stream's chat room, watched over a WebSocket inside the Workers runtime. */
const watchRoom = (room: string) => openSocket(`/parties/chat/${room}`);

const setUp = async () => {
  await seedTreasury(db, 10_000);
  const host = await streamer();
  const session = await prepareSession(host, host.key.id);
  const fan = await registeredUser();
  await fundUser(db, fan.user.id, 1000);
  return { host, session, fan };
};

const streamTip = async (
  fan: Awaited<ReturnType<typeof registeredUser>>,
  receiverId: string,
  streamSessionId: string,
  extra: Record<string, unknown>,
) =>
  fan.caller.json('/api/tips', 'POST', {
    tipperId: fan.user.id,
    receiverId,
    tipType: 'stream',
    streamSessionId,
    ...extra,
  });

describe('stream tip notification', () => {
  it("tells the stream's chat room once, after the tip's REEL moved, naming the chosen gift", async () => {
    const { host, session, fan } = await setUp();
    const room = await watchRoom(host.key.id);
    await room.waitFor(chatFrame('recent_messages'));
    const created = await streamTip(fan, host.user.id, session.id, {
      amount: 100,
      giftName: 'Bouquet',
      message: 'gg',
    });
    const { id } = (created.body as { data: { id: string } }).data;

    await Promise.all([
      fan.caller.json(`/api/tips/${id}/confirm`, 'POST'),
      fan.caller.json(`/api/tips/${id}/confirm`, 'POST'),
    ]);
    expect(await room.waitFor(chatFrame('tip_notification'))).toMatchObject({
      message: {
        userId: 'system',
        message: `${fan.user.username} sent 🌹 Bouquet : gg`,
        streamKey: host.key.id,
      },
      tip: {
        tipperName: fan.user.username,
        receiverName: host.user.username,
        giftName: 'Bouquet',
        amount: 100,
      },
    });
    await fan.caller.json(`/relayer/api/tips/send`, 'POST', {
      from: fan.wallet.address,
      to: host.wallet.address,
      amount: 100,
      tipId: id,
    });
    // A late joiner sees the room's history: one notification, not one per confirm.
    const late = await watchRoom(host.key.id);
    const history = (await late.waitFor(chatFrame('recent_messages'))) as { messages: { message: string }[] };
    expect(history.messages.map((m) => m.message)).toEqual([`${fan.user.username} sent 🌹 Bouquet : gg`]);
    room.socket.close();
    late.socket.close();
  });

  it('names the first catalogue gift of the price when none was chosen, and refuses a gift of another price', async () => {
    const { host, session, fan } = await setUp();
    const room = await watchRoom(host.key.id);
    await room.waitFor(chatFrame('recent_messages'));
    expect((await streamTip(fan, host.user.id, session.id, { amount: 50, giftName: 'Heart' })).status).toBe(
      400,
    );
    const created = await streamTip(fan, host.user.id, session.id, { amount: 100 });
    await fan.caller.json(`/api/tips/${(created.body as { data: { id: string } }).data.id}/confirm`, 'POST');
    expect(await room.waitFor(chatFrame('tip_notification'))).toMatchObject({
      message: { message: `${fan.user.username} sent ❤️ Heart` },
    });
    room.socket.close();
  });
});
