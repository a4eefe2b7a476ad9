import { spawn } from 'node:child_process';
import { expect } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema } from '../../schema/chat';
import { LiveSessionSchema } from '../../schema/live-session';
import { type ReplayChatLine, ReplayChatLineSchema, ReplaySchema } from '../../schema/replay';
import { test } from './fixtures';
import { broadcast } from './pages/live';

/**
 * Replays (issue 13.7): a short real broadcast that ends by itself (ffmpeg writes ENDLIST at the
 * end of its input) becomes a past broadcast on the creator's profile, plays as VOD with its chat
 * in step (issue 24 §4), and its owner deletes it from the studio.
 */
test('an ended broadcast is listed under Past broadcasts, plays with its chat in step, and its owner deletes it', async ({
  page,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');
  const { userId, username } = await signedInUser('replay');
  const created = await page.request.post('/api/stream-keys', { data: { name: 'Main', userId } });
  expect(created.status()).toBe(201);
  const { data: key } = (await created.json()) as { data: { id: string; key: string } };
  const session = await page.request.post('/api/sessions', {
    data: { streamKeyId: key.id, title: 'Replay night', description: '' },
  });
  expect(session.status()).toBe(201);

  // 16 s of picture: eight 2 s segments, then ffmpeg closes its playlist with ENDLIST and exits.
  const encoder = broadcast(baseURL, key.key, 16);
  // Two chat lines on air, 3 s apart, for the replay's chat (issue 24 §4). Once the stream is live:
  // a slow first upload makes ffmpeg send what it caught up on at once, then it keeps real time.
  // So "live" can be seen several seconds into the input; the 16 s leave the second line a margin
  // before the end on a loaded machine (with 12, one CI run lost it: said after the end, it
  // belonged to no replay).
  await expect
    .poll(
      async () => {
        const current = await page.request.get(`/api/sessions/live/${key.id}`);
        return current.ok()
          ? dataEnvelope(LiveSessionSchema).parse(await current.json()).data.stream_sessions.status
          : null;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe('live');
  const token = dataEnvelope(ChatTokenSchema).parse(
    await (await page.request.get(`/api/chat/token?room=${key.id}`)).json(),
  ).data.token;
  const chatUrl = new URL(`/parties/chat/${key.id}?token=${encodeURIComponent(token)}`, baseURL);
  chatUrl.protocol = chatUrl.protocol.replace('http', 'ws');
  const socket = new WebSocket(chatUrl);
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  const say = (message: string) => socket.send(JSON.stringify({ type: 'chat_message', message }));
  say('welcome to replay night');
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  say('that was close');
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.close();
  // One replay, with every segment: ffmpeg does not wait for answers, so a loaded server may take
  // in the last segments after the ENDLIST playlist that made the replay.
  await expect
    .poll(
      async () => {
        const replays = dataEnvelope(z.array(ReplaySchema)).parse(
          await (await page.request.get(`/api/sessions/replays/user/${userId}`)).json(),
        ).data;
        return replays.length === 1 ? (replays[0]?.durationSeconds ?? 0) : 0;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(13);
  await encoder.stop();
  expect(encoder.errors()).toBe('');

  await page.goto(`/u/${username}`);
  const section = page.getByTestId('past-broadcasts');
  await expect(section.getByRole('heading', { name: 'Past broadcasts' })).toBeVisible({ timeout: 30_000 });
  const card = section.getByTestId('replay-card').filter({ hasText: 'Replay night' });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('replay-duration')).toHaveText(/^0:1[3-7]$/);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/replay\//);
  await expect(page.getByTestId('replay-title')).toHaveText('Replay night');
  const player = page.getByTestId('live-player');
  await expect(player).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  // A replay is not announced as a live stream.
  await expect(player).toHaveAccessibleName('Past broadcast: Replay night');
  // Its playlist is finished (ENDLIST): a seek bar and times, never LIVE (issue 20 §5).
  const controls = page.getByTestId('player-controls');
  await expect(controls.getByRole('slider', { name: 'Seek' })).toHaveCount(1);
  await expect(controls.getByTestId('player-time')).toHaveText(/^\d:\d\d \/ 0:1[3-7]$/);
  await expect(controls.locator('.player-live-edge')).toHaveCount(0);
  await expect(page.getByTestId('live-player-viewers')).toHaveCount(0);
  await player.evaluate((video: HTMLVideoElement) => video.play());
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);

  // The chat replay follows the video: at a time, exactly the lines said by then.
  const replayId = page.url().split('/replay/')[1] ?? '';
  const lines = dataEnvelope(z.array(ReplayChatLineSchema)).parse(
    await (await page.request.get(`/api/sessions/replays/${replayId}/chat`)).json(),
  ).data;
  expect(lines.map((line) => line.message)).toEqual(['welcome to replay night', 'that was close']);
  const [first, second] = lines as [ReplayChatLine, ReplayChatLine];
  expect(second.offsetSeconds - first.offsetSeconds).toBeGreaterThan(2);
  const chat = page.getByTestId('replay-chat').getByTestId('chat-message');
  const seek = (seconds: number) =>
    player.evaluate((video: HTMLVideoElement, to) => {
      video.pause();
      video.currentTime = to;
    }, seconds);
  await seek((first.offsetSeconds + second.offsetSeconds) / 2);
  await expect(chat).toHaveCount(1);
  await expect(chat).toContainText('welcome to replay night');
  await seek(second.offsetSeconds + 0.5);
  await expect(chat).toHaveCount(2);
  const before = Math.max(0, first.offsetSeconds - 0.5);
  await seek(before);
  await expect(chat).toHaveCount(lines.filter((line) => line.offsetSeconds <= before).length);

  await page.goto('/studio');
  const studioCard = page
    .getByTestId('past-broadcasts')
    .getByTestId('replay-card')
    .filter({ hasText: 'Replay night' });
  await expect(studioCard).toBeVisible({ timeout: 30_000 });
  await studioCard.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this broadcast?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(studioCard).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('past-broadcasts')).toContainText('No past broadcasts yet', {
    timeout: 30_000,
  });
});

/** Runs ffmpeg to the end of a short two-rendition input (issue 13.9's command shape). */
const pushTwoRenditions = (baseURL: string, secretKey: string, seconds: number) =>
  new Promise<string>((resolve) => {
    const child = spawn(
      '/usr/bin/ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
        ...['-filter_complex', '[0:v]split=2[a][b];[a]scale=-2:360[v360];[b]scale=-2:180[v180]'],
        ...['-map', '[v360]', '-map', '1:a', '-map', '[v180]', '-map', '1:a'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-sc_threshold', '0'],
        ...['-b:v:0', '800k', '-b:v:1', '300k', '-c:a', 'aac', '-b:a:0', '64k', '-b:a:1', '32k'],
        ...['-f', 'hls', '-hls_time', '2', '-master_pl_name', 'index.m3u8'],
        ...['-var_stream_map', 'v:0,a:0,name:360p v:1,a:1,name:180p'],
        ...['-method', 'PUT', `${baseURL}/ingest/${secretKey}/%v.m3u8`],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('exit', () => resolve(errors));
  });

test('a real two-rendition push (ffmpeg -var_stream_map) becomes a replay whose master lists both', async ({
  page,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');
  const { userId } = await signedInUser('renditions');
  const created = await page.request.post('/api/stream-keys', { data: { name: 'Main', userId } });
  const { data: key } = (await created.json()) as { data: { id: string; key: string } };
  await page.request.post('/api/sessions', {
    data: { streamKeyId: key.id, title: 'Two renditions', description: '' },
  });
  expect(await pushTwoRenditions(baseURL, key.key, 6)).toBe('');

  // ffmpeg exits once its last playlist is sent; the worker may still be taking that ENDLIST in.
  let data: { playbackUrl: string; durationSeconds: number }[] = [];
  await expect
    .poll(
      async () => {
        const listed = await page.request.get(`/api/sessions/replays/user/${userId}`);
        data = ((await listed.json()) as { data: typeof data }).data;
        return data.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const master = await (await page.request.get(data[0]!.playbackUrl)).text();
  expect(master).toContain('RESOLUTION=640x360');
  expect(master).toContain('RESOLUTION=320x180');
  for (const variant of ['360p', '180p']) {
    const vodUrl = data[0]!.playbackUrl.replace('index.m3u8', `${variant}.m3u8`);
    const vod = await (await page.request.get(vodUrl)).text();
    expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    // The first variant's ENDLIST lists the replay; the other variant's last segment, sent by then
    // but stored under waitUntil, joins it a moment later (worker/live/CONTEXT.md): all 6 s arrive.
    await expect
      .poll(async () => (await (await page.request.get(vodUrl)).text()).match(/#EXTINF/g)?.length, {
        timeout: 10_000,
      })
      .toBe(3);
  }
});
