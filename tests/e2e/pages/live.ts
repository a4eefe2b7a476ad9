import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { dataEnvelope } from '../../../schema/api';
import { STILL_FILTER } from '../../../schema/live';
import { StreamKeySchema } from '../../../schema/live-session';
import { MESSAGES } from '../../../schema/messages';

/* Page objects for the livestream studio (/livestream) and the live page (/live/$username). */

/** The creator studio. */
export const studio = (page: Page) => ({
  status: page.getByTestId('studio-status'),
  backend: page.getByTestId('studio-backend'),
  empty: page.getByTestId('studio-empty'),
  keyName: page.getByLabel('Stream key name'),
  createKey: page.getByRole('button', { name: 'Create Stream Key' }),
  keyExists: page.getByRole('button', { name: 'Key Exists' }),
  maskedKey: page.getByTestId('stream-key-masked'),
  copyKey: page.getByTestId('stream-key-card').getByRole('button', { name: 'Copy stream key' }),
  prepare: page.getByRole('button', { name: 'Prepare Stream' }),
  stop: page.getByRole('button', { name: 'Stop Stream' }),
  toast: (text: string) => page.getByTestId('toast').filter({ hasText: text }),

  async open() {
    await page.goto('/livestream');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Livestream Studio|Live Streaming/, {
      timeout: 30_000,
    });
  },

  /** Creates the stream key from the form and waits for the spec's toast. */
  async createStreamKey(name: string) {
    await this.keyName.fill(name);
    await this.createKey.click();
    await expect(this.toast(MESSAGES.studio.keyCreated)).toBeVisible();
    await expect(this.keyExists).toBeDisabled();
    // Nothing left to name once the one key exists (issue 24.3).
    await expect(this.keyName).toHaveCount(0);
  },

  /** Prepare Stream with a title and description; answers once the dialog has closed. */
  async prepareStream(title: string, description: string, expectedToast: string = MESSAGES.studio.prepared) {
    await this.prepare.click();
    const dialog = page.getByRole('dialog', { name: 'Prepare Stream' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Prepare Stream' }).click();
    await expect(this.toast(expectedToast)).toBeVisible();
    await expect(dialog).toBeHidden();
  },

  /** The owner's stream key record, secret included, read with the page's own session. */
  async ownKey(userId: string) {
    const response = await page.request.get(`/api/stream-keys/user/${userId}`);
    expect(response.status()).toBe(200);
    return dataEnvelope(StreamKeySchema).parse(await response.json()).data;
  },
});

/** The live page of one streamer. */
export const livePage = (page: Page) => ({
  player: page.getByTestId('live-player'),
  badge: page.getByTestId('live-badge'),
  title: page.getByTestId('live-title'),
  message: page.getByTestId('player-message'),
  chat: page.getByTestId('chat-panel'),

  /** Opens the page and waits until it has decided: the stream, or why there is none. */
  async open(username: string) {
    await page.goto(`/live/${username}`);
    const decided = page
      .getByTestId('live-title')
      .or(page.getByTestId('live-no-key'))
      .or(page.getByTestId('live-error'));
    await expect(decided).toBeVisible({ timeout: 30_000 });
  },

  currentTime(): Promise<number> {
    return this.player.evaluate((video: HTMLVideoElement) => video.currentTime);
  },
});

/**
 * Broadcasts a generated test picture (with a tone) to the local ingest the way the README says:
 * ffmpeg's HLS muxer, 2 s segments, HTTP PUT to `/ingest/<secret key>/index.m3u8`. Small and at
 * real-time pace (`-re`) so two slow cores keep up; the studio's still frame (`STILL_FILTER`) to
 * `poster.jpg`. `stop()` ends it like an encoder's Stop button ('q': ffmpeg closes the playlist)
 * and waits for the process to exit.
 */
export function broadcast(baseURL: string, secretKey: string, seconds = 300) {
  const child: ChildProcess = spawn(
    '/usr/bin/ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=640x360:rate=30:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'zerolatency',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '800k',
      '-g',
      '60',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-f',
      'hls',
      '-hls_time',
      '2',
      '-method',
      'PUT',
      `${baseURL}/ingest/${secretKey}/index.m3u8`,
      // The studio command's still frame (issue 20): what home's live card shows.
      ...['-map', '0:v', '-vf', STILL_FILTER, '-update', '1', '-f', 'image2'],
      `${baseURL}/ingest/${secretKey}/poster.jpg`,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    errors: () => errors,
    kill: () => child.kill('SIGKILL'),
    async stop() {
      if (child.exitCode === null) child.stdin?.end('q');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
