import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { appCommand, appPort, appUrl, WORKERS } from '../../tests/e2e/apps';
import { waitForHealth } from './health';

/** The e2e apps, started ahead: where each one's output goes, and how to stop them all. */
export type StartedApps = { ready: () => Promise<void>; stop: () => void; logs: string[] };

/** Building, migrating and seeding on a machine busy with Vitest. */
const READY_TIMEOUT_MS = 180_000;

/**
 * Starts Playwright's apps (one per worker, tests/e2e/apps.ts) now, so their build, migrations and
 * seed run beside Vitest, which leaves part of the machine idle while its files wait, instead of
 * before the first browser test (about 40 s on 2 cores). Each runs in its own process group, its
 * output in `outputDir`/app-<port>.log, until `stop()` (safe to call again, e.g. at exit).
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
  let stopped = false;
  return {
    ready: async () => {
      await Promise.all(apps.map(({ url, child }) => waitForHealth(url, child, READY_TIMEOUT_MS)));
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      for (const { child } of apps) {
        if (!child.pid || child.exitCode !== null) continue;
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // The group is gone already.
        }
      }
    },
    logs: apps.map(({ log }) => log),
  };
}
