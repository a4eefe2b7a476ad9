import { spawn } from 'node:child_process';
import { freePort } from './worker-process';

export type RunningRelay = { url: string; stop: () => Promise<void> };

/** The relay answers `GET /health` once it listens. */
const waitForRelay = async (url: string, exited: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('The WebRTC relay exited on start');
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The WebRTC relay did not answer ${url}/health within ${timeoutMs} ms`);
};

/**
 * Starts the local WebRTC relay (scripts/webrtc-relay) on a free loopback port; the worker is then
 * started with `WEBRTC_RELAY_URL` set to `url`. `stop()` ends every broadcast as a DELETE would
 * (ffmpeg writes ENDLIST to the worker's ingest), so call it before stopping the worker.
 */
export const startWebrtcRelay = async (): Promise<RunningRelay> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/webrtc-relay/main.ts', '--port', String(port)],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (exited()) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (!exited()) child.kill('SIGKILL');
  };
  // Never outlive the script that started it (a crash of start.ts leaves no relay holding ports).
  process.on('exit', () => {
    if (!exited()) child.kill('SIGKILL');
  });
  try {
    await waitForRelay(url, exited, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
};
