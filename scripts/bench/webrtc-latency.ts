import type { Browser, Page } from '@playwright/test';
import { percentile } from '../lib/load';

/**
 * The WebRTC half of `bench:live-latency -- --webrtc` (issue 25 §4): a Chromium page draws a
 * barcode of the wall-clock time on a canvas 30 times a second and publishes the canvas over the
 * worker's /whip (the local relay); a second page plays /whep/<playbackId> and at every presented
 * frame reads the barcode back and takes now - made. Same machine, same clock. Freezes are
 * Chromium's own count (inbound-rtp `freezeCount`: a frame later than max(3 x the average frame
 * gap, the average + 150 ms)).
 */

const WIDTH = 320;
const HEIGHT = 180;
const COLUMNS = 8;
const ROWS = 4;
const BLOCK_W = WIDTH / COLUMNS;
const BLOCK_H = Math.floor(HEIGHT / 2 / ROWS);

/** Both pages' script: draw or read the 32-bit millisecond code, two copies that must agree. */
const BARCODE = `
  const W = ${WIDTH}, H = ${HEIGHT}, C = ${COLUMNS}, BW = ${BLOCK_W}, BH = ${BLOCK_H};
  const drawCode = (g, ms) => {
    g.fillStyle = '#000'; g.fillRect(0, 0, W, H); g.fillStyle = '#fff';
    const code = ms % 2 ** 32;
    for (let copy = 0; copy < 2; copy++)
      for (let bit = 0; bit < 32; bit++)
        if (Math.floor(code / 2 ** (31 - bit)) % 2 === 1)
          g.fillRect((bit % C) * BW, copy * (H / 2) + Math.floor(bit / C) * BH, BW, BH);
  };
  const readCopy = (pixels, copy) => {
    let code = 0;
    for (let bit = 0; bit < 32; bit++) {
      const x = (bit % C) * BW + BW / 2, y = copy * (H / 2) + Math.floor(bit / C) * BH + Math.floor(BH / 2);
      code = code * 2 + (pixels[(y * W + x) * 4] > 127 ? 1 : 0);
    }
    return code;
  };
  const iceDone = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
  });`;

const PUBLISHER = `<!doctype html><meta charset="utf-8"><canvas id="c" width="${WIDTH}" height="${HEIGHT}"></canvas>
<script>${BARCODE}
  const g = document.getElementById('c').getContext('2d');
  setInterval(() => drawCode(g, Date.now()), 1000 / 30);
  window.publish = async (key) => {
    const pc = new RTCPeerConnection();
    for (const track of document.getElementById('c').captureStream(30).getTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await iceDone(pc);
    const response = await fetch('/whip', { method: 'POST', headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/sdp' }, body: pc.localDescription.sdp });
    if (response.status !== 201) throw new Error('WHIP ' + response.status + ' ' + (await response.text()));
    await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    return response.headers.get('Location');
  };
</script>`;

const VIEWER = `<!doctype html><meta charset="utf-8"><video id="v" muted autoplay playsinline></video>
<canvas id="c" width="${WIDTH}" height="${HEIGHT}"></canvas>
<script>${BARCODE}
  const video = document.getElementById('v');
  const g = document.getElementById('c').getContext('2d', { willReadFrequently: true });
  window.samples = [];
  window.play = async (url) => {
    const pc = new RTCPeerConnection();
    window.pc = pc;
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addEventListener('track', (event) => { video.srcObject = new MediaStream([event.track]); });
    await pc.setLocalDescription(await pc.createOffer());
    await iceDone(pc);
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: pc.localDescription.sdp });
    if (response.status !== 201) throw new Error('WHEP ' + response.status);
    await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    const onFrame = () => {
      const shownAt = Date.now();
      g.drawImage(video, 0, 0, W, H);
      const pixels = g.getImageData(0, 0, W, H).data;
      const top = readCopy(pixels, 0);
      if (top === readCopy(pixels, 1)) window.samples.push((shownAt % 2 ** 32) - top + (shownAt % 2 ** 32 < top ? 2 ** 32 : 0));
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  window.freezes = async () => {
    let count = 0;
    (await window.pc.getStats()).forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'video') count = s.freezeCount ?? 0; });
    return count;
  };
</script>`;

const pageWith = async (browser: Browser, workerUrl: string, html: string): Promise<Page> => {
  const page = await browser.newPage();
  // Our own page on the worker's origin (same-origin /whip, /whep), without the PWA's headers.
  await page.route(
    (url) => url.pathname === '/__bench/page',
    (route) => route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.goto(`${workerUrl}/__bench/page`);
  return page;
};

export type WebrtcLatency = {
  p50: number;
  p95: number;
  frames: number;
  freezes: number;
  firstFrameMs: number;
};

/** Publishes with `secret` over WHIP, watches `playbackId` over WHEP for `seconds`, then ends the broadcast. */
export const measureWebrtcLatency = async (
  browser: Browser,
  workerUrl: string,
  secret: string,
  playbackId: string,
  seconds: number,
): Promise<WebrtcLatency> => {
  const publisher = await pageWith(browser, workerUrl, PUBLISHER);
  const location = await publisher.evaluate(
    (key) => (window as unknown as { publish: (k: string) => Promise<string> }).publish(key),
    secret,
  );
  const viewer = await pageWith(browser, workerUrl, VIEWER);
  const openedAt = Date.now();
  await viewer.evaluate(
    (url) => (window as unknown as { play: (u: string) => Promise<void> }).play(url),
    `/whep/${playbackId}`,
  );
  await viewer.waitForFunction(() => (window as unknown as { samples: number[] }).samples.length > 0, null, {
    timeout: 30_000,
  });
  const firstFrameMs = Date.now() - openedAt;
  const freezesBefore = await viewer.evaluate(() =>
    (window as unknown as { freezes: () => Promise<number> }).freezes(),
  );
  await viewer.evaluate(() => {
    (window as unknown as { samples: number[] }).samples.length = 0;
  });
  await viewer.waitForTimeout(seconds * 1000);
  const samples = await viewer.evaluate(() => [...(window as unknown as { samples: number[] }).samples]);
  const freezes =
    (await viewer.evaluate(() => (window as unknown as { freezes: () => Promise<number> }).freezes())) -
    freezesBefore;
  await fetch(`${workerUrl}${location}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${secret}` },
  });
  await Promise.all([publisher.close(), viewer.close()]);
  const sorted = samples.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    frames: sorted.length,
    freezes,
    firstFrameMs,
  };
};
