import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { appCommand, appPort, appUrl, WORKERS } from '../../tests/e2e/apps';

/** The e2e apps, started ahead: where each one's output goes, and how to stop them all. */
export type StartedApps = { ready: () => Promise<void>; stop: () => void; logs: string[] };

const HEALTH_TIMEOUT_MS = 180_000;

const waitForHealth = async (url: string) => {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The e2e app at ${url} did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s`);
};

/**
 * Starts Playwright's apps (one per worker, tests/e2e/apps.ts) now, so their build, migrations and
 * seed run beside Vitest, which leaves part of the machine idle while its files wait, instead of
 * before the first browser test (about 40 s on 2 cores). Each runs in its own process group, its
 * output in `outputDir`/app-<port>.log, until `stop()`.
 */
export function startE2eApps(outputDir: string): StartedApps {
  mkdirSync(outputDir, { recursive: true });
  const apps = Array.from({ length: WORKERS }, (_, index) => {
    const port = appPort(index);
    const log = `${outputDir}/app-${port}.log`;
    const out = openSync(log, 'w');
    const child = spawn(appCommand(port), { shell: true, detached: true, stdio: ['ignore', out, out] });
    return { url: appUrl(index), child, log };
  });
  return {
    ready: async () => {
      await Promise.all(apps.map(({ url }) => waitForHealth(url)));
    },
    stop: () => {
      for (const { child } of apps) {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      }
    },
    logs: apps.map(({ log }) => log),
  };
}
