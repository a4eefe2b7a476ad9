import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { creatorWithContent, registeredUser, unknownId } from '../factories/engagement';
import { balanceOf, fundUser, seedTreasury } from '../factories/ledger';
import { errorMessage, newCaller, signIn } from './session';

const db = env.DB;
type Party = Awaited<ReturnType<typeof registeredUser>>;

const dataOf = (body: unknown) => (body as { data: Record<string, unknown> }).data;

const insertStreamSession = async (userId: string) => {
  const keyId = crypto.randomUUID();
  const sessionId = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.batch([
    db
      .prepare(
        `INSERT INTO stream_keys (id, user_id, name, secret_key, playback_id, created_at)
         VALUES (?1, ?2, 'Main', ?3, ?4, ?5)`,
      )
      .bind(keyId, userId, crypto.randomUUID(), crypto.randomUUID(), now),
    db
      .prepare(
        "INSERT INTO stream_sessions (id, stream_key_id, status, created_at) VALUES (?1, ?2, 'live', ?3)",
      )
      .bind(sessionId, keyId, now),
  ]);
  return sessionId;
};

/** A funded fan and a creator with a video and a short. */
const setUp = async (fanReel = 1000) => {
  await seedTreasury(db, 100_000);
  const { creator, video, short } = await creatorWithContent();
  const fan = await registeredUser();
  if (fanReel > 0) await fundUser(db, fan.user.id, fanReel);
  return { creator, fan, video, short };
};

const createTip = (tipper: Party, receiverId: string, extra: Record<string, unknown> = {}, headers = {}) =>
  tipper.caller
    .fetch('/api/tips', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({
        tipperId: tipper.user.id,
        receiverId,
        amount: 100,
        tipType: 'general',
        ...extra,
      }),
    })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));

describe('tips API', () => {
  it('creates a pending tip, confirms it through the ledger and answers the ledger hash', async () => {
    const { creator, fan, video } = await setUp();
    const created = await createTip(fan, creator.user.id, {
      tipType: 'video',
      videoId: video.id,
      message: 'gg',
    });
    expect(created.status).toBe(201);
    const tip = dataOf(created.body);
    expect(tip).toMatchObject({
      amount: 100,
      status: 'pending',
      videoId: video.id,
      message: 'gg',
      txHash: null,
    });

    const confirmed = await fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST');
    expect(confirmed.status).toBe(200);
    const { transactionHash } = confirmed.body as { success: boolean; transactionHash: string };
    expect(confirmed.body).toMatchObject({ success: true });
    expect(transactionHash).toMatch(/^[0-9a-f]{64}$/);
    const ledger = await db
      .prepare("SELECT hash FROM ledger_transactions WHERE kind = 'tip' AND cause_id = ?1")
      .bind(tip.id)
      .first<{ hash: string }>();
    expect(ledger?.hash).toBe(transactionHash);
    expect(await balanceOf(db, userLedgerAccountId(fan.user.id))).toBe(900 * COIN_UNIT);
    expect(await balanceOf(db, userLedgerAccountId(creator.user.id))).toBe(100 * COIN_UNIT);

    const read = await creator.caller.json(`/api/tips/${tip.id}`, 'GET');
    expect(dataOf(read.body)).toMatchObject({ status: 'confirmed', txHash: transactionHash, amount: 100 });
    const byVideo = await newCaller().json(`/api/tips/video/${video.id}`, 'GET');
    expect((byVideo.body as { data: unknown[] }).data).toHaveLength(1);
    const recent = await newCaller().json('/api/tips/recent', 'GET');
    expect((recent.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it('moves nothing on a second confirm and answers the same hash', async () => {
    const { creator, fan } = await setUp();
    const tip = dataOf((await createTip(fan, creator.user.id)).body);
    const [one, two] = await Promise.all([
      fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST'),
      fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST'),
    ]);
    const three = await fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST');
    expect([one.status, two.status, three.status]).toEqual([200, 200, 200]);
    const hashes = [one, two, three].map((r) => (r.body as { transactionHash: string }).transactionHash);
    expect(new Set(hashes).size).toBe(1);
    expect(await balanceOf(db, userLedgerAccountId(fan.user.id))).toBe(900 * COIN_UNIT);
  });

  it('refuses a tip larger than the balance and moves nothing', async () => {
    const { creator, fan } = await setUp(50);
    const tip = dataOf((await createTip(fan, creator.user.id, { amount: 100 })).body);
    const confirmed = await fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST');
    expect(confirmed.status).toBe(400);
    expect(errorMessage(confirmed.body).message).toBe(
      'Insufficient balance. Please add more $REEL coins to your wallet.',
    );
    expect(await balanceOf(db, userLedgerAccountId(fan.user.id))).toBe(50 * COIN_UNIT);
    expect(await balanceOf(db, userLedgerAccountId(creator.user.id))).toBe(0);
    expect(dataOf((await fan.caller.json(`/api/tips/${tip.id}`, 'GET')).body).status).toBe('pending');
  });

  it('confirms concurrent tips only as far as the balance goes', async () => {
    const { creator, fan } = await setUp(550);
    const tips = [];
    for (let i = 0; i < 10; i++) tips.push(dataOf((await createTip(fan, creator.user.id)).body));
    const answers = await Promise.all(
      tips.map((tip) => fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST')),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(await balanceOf(db, userLedgerAccountId(fan.user.id))).toBe(50 * COIN_UNIT);
    expect(await balanceOf(db, userLedgerAccountId(creator.user.id))).toBe(500 * COIN_UNIT);
  });

  it('answers a replayed Idempotency-Key with the first tip, and refuses it with another body', async () => {
    const { creator, fan } = await setUp();
    const first = await createTip(fan, creator.user.id, {}, { 'Idempotency-Key': 'abc' });
    const again = await createTip(fan, creator.user.id, {}, { 'Idempotency-Key': 'abc' });
    expect(again.status).toBe(201);
    expect(dataOf(again.body)).toEqual(dataOf(first.body));
    const other = await createTip(fan, creator.user.id, { amount: 500 }, { 'Idempotency-Key': 'abc' });
    expect(other.status).toBe(422);
    expect(errorMessage(other.body).code).toBe('idempotency_mismatch');
    expect((await fan.caller.json('/api/tips/sent/me', 'GET')).body).toMatchObject({
      data: [{ amount: 100 }],
    });
  });

  it('validates the tip: self-tip, non-gift amount, missing or foreign content, long message, unknown receiver', async () => {
    const { creator, fan, video, short } = await setUp();
    const self = await createTip(fan, fan.user.id);
    expect(self.status).toBe(400);
    expect((await createTip(fan, creator.user.id, { amount: 7 })).status).toBe(400);
    expect((await createTip(fan, creator.user.id, { amount: 100.5 })).status).toBe(400);
    expect((await createTip(fan, creator.user.id, { tipType: 'video' })).status).toBe(400);
    expect((await createTip(fan, creator.user.id, { tipType: 'video', videoId: short.id })).status).toBe(404);
    expect((await createTip(fan, creator.user.id, { tipType: 'short', shortId: unknownId() })).status).toBe(
      404,
    );
    expect((await createTip(fan, creator.user.id, { message: 'x'.repeat(281) })).status).toBe(400);
    expect((await createTip(fan, unknownId())).status).toBe(404);
    const other = await registeredUser();
    expect((await createTip(fan, other.user.id, { tipType: 'video', videoId: video.id })).status).toBe(400);
    expect((await createTip(fan, creator.user.id, { tipperId: other.user.id })).status).toBe(403);
  });

  it('tips a live stream and a short', async () => {
    const { creator, fan, short } = await setUp();
    const sessionId = await insertStreamSession(creator.user.id);
    const stream = dataOf(
      (await createTip(fan, creator.user.id, { tipType: 'stream', streamSessionId: sessionId })).body,
    );
    const onShort = dataOf(
      (await createTip(fan, creator.user.id, { tipType: 'short', shortId: short.id, amount: 1 })).body,
    );
    await fan.caller.json(`/api/tips/${stream.id}/confirm`, 'POST');
    await fan.caller.json(`/api/tips/${onShort.id}/confirm`, 'POST');
    expect((await newCaller().json(`/api/tips/stream/${sessionId}`, 'GET')).body).toMatchObject({
      data: [{ id: stream.id, streamSessionId: sessionId }],
    });
    expect((await newCaller().json(`/api/tips/short/${short.id}?limit=1`, 'GET')).body).toMatchObject({
      data: [{ id: onShort.id, amount: 1 }],
    });
    expect((await fan.caller.json('/api/tips/stats/me', 'GET')).body).toEqual({
      data: { totalSent: 101, totalReceived: 0, sentCount: 2, receivedCount: 0 },
    });
    expect((await creator.caller.json('/api/tips/stats/me', 'GET')).body).toEqual({
      data: { totalSent: 0, totalReceived: 101, sentCount: 0, receivedCount: 2 },
    });
    expect((await creator.caller.json('/api/tips/received/me', 'GET')).body).toMatchObject({
      data: [{ id: onShort.id }, { id: stream.id }],
    });
  });

  it('needs a signed-in, registered caller and hides tips from strangers', async () => {
    const { creator, fan } = await setUp();
    const tip = dataOf((await createTip(fan, creator.user.id)).body);
    expect((await newCaller().json('/api/tips', 'POST', {})).status).toBe(401);
    expect((await newCaller().json(`/api/tips/${tip.id}`, 'GET')).status).toBe(401);
    expect((await newCaller().json('/api/tips/sent/me', 'GET')).status).toBe(401);
    const { caller: unregistered } = await signIn();
    expect((await unregistered.json(`/api/tips/${tip.id}/confirm`, 'POST')).status).toBe(403);
    const stranger = await registeredUser();
    expect((await stranger.caller.json(`/api/tips/${tip.id}`, 'GET')).status).toBe(404);
    expect((await stranger.caller.json(`/api/tips/${tip.id}/confirm`, 'POST')).status).toBe(404);
    expect((await fan.caller.json(`/api/tips/${unknownId()}`, 'GET')).status).toBe(404);
    // The receiver may read it but not confirm, change or delete it.
    expect((await creator.caller.json(`/api/tips/${tip.id}`, 'GET')).status).toBe(200);
    expect((await creator.caller.json(`/api/tips/${tip.id}/confirm`, 'POST')).status).toBe(403);
    expect((await creator.caller.json(`/api/tips/${tip.id}`, 'DELETE')).status).toBe(403);
    expect(
      (await creator.caller.json(`/api/tips/${tip.id}/status`, 'PATCH', { status: 'failed' })).status,
    ).toBe(403);
  });

  it('limits status transitions to the tipper and never to confirmed', async () => {
    const { creator, fan } = await setUp();
    const tip = dataOf((await createTip(fan, creator.user.id)).body);
    const toConfirmed = await fan.caller.json(`/api/tips/${tip.id}/status`, 'PATCH', { status: 'confirmed' });
    expect(toConfirmed.status).toBe(400);
    const sent = await fan.caller.json(`/api/tips/${tip.id}/status`, 'PATCH', { status: 'sent' });
    expect(dataOf(sent.body).status).toBe('sent');
    expect((await fan.caller.json(`/api/tips/${tip.id}/status`, 'PATCH', { status: 'bogus' })).status).toBe(
      400,
    );
    const failed = await fan.caller.json(`/api/tips/${tip.id}/status`, 'PATCH', { status: 'failed' });
    expect(dataOf(failed.body).status).toBe('failed');
    expect((await fan.caller.json(`/api/tips/${tip.id}/status`, 'PATCH', { status: 'sent' })).status).toBe(
      400,
    );
    expect((await fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST')).status).toBe(400);
    expect(await balanceOf(db, userLedgerAccountId(fan.user.id))).toBe(1000 * COIN_UNIT);
  });

  it('accepts only the ledger hash of that tip as its txHash', async () => {
    const { creator, fan } = await setUp();
    const tip = dataOf((await createTip(fan, creator.user.id)).body);
    const other = dataOf((await createTip(fan, creator.user.id, { amount: 1 })).body);
    const early = await fan.caller.json(`/api/tips/${tip.id}/txhash`, 'PATCH', { txHash: 'f'.repeat(64) });
    expect(early.status).toBe(400);
    const { transactionHash } = (await fan.caller.json(`/api/tips/${tip.id}/confirm`, 'POST')).body as {
      transactionHash: string;
    };
    expect(
      (await fan.caller.json(`/api/tips/${other.id}/txhash`, 'PATCH', { txHash: transactionHash })).status,
    ).toBe(400);
    const set = await fan.caller.json(`/api/tips/${tip.id}/txhash`, 'PATCH', { txHash: transactionHash });
    expect(dataOf(set.body).txHash).toBe(transactionHash);
  });

  it('deletes a pending tip for its tipper only, never a confirmed one', async () => {
    const { creator, fan } = await setUp();
    const pending = dataOf((await createTip(fan, creator.user.id)).body);
    expect((await fan.caller.json(`/api/tips/${pending.id}`, 'DELETE')).body).toEqual({
      data: { deleted: true },
    });
    expect((await fan.caller.json(`/api/tips/${pending.id}`, 'GET')).status).toBe(404);
    const confirmed = dataOf((await createTip(fan, creator.user.id)).body);
    await fan.caller.json(`/api/tips/${confirmed.id}/confirm`, 'POST');
    expect((await fan.caller.json(`/api/tips/${confirmed.id}`, 'DELETE')).status).toBe(409);
  });

  it('lists at most the asked limit and refuses a bad one', async () => {
    await setUp();
    expect((await newCaller().json('/api/tips/recent?limit=0', 'GET')).status).toBe(400);
    expect((await newCaller().json('/api/tips/recent?limit=abc', 'GET')).status).toBe(400);
    expect((await newCaller().json('/api/tips/recent?limit=5', 'GET')).body).toEqual({ data: [] });
  });
});
