import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian packages the tests need: a real browser for Playwright and ffmpeg for media. */
const REQUIRED = [
  { pkg: 'chromium', file: '/usr/bin/chromium' },
  { pkg: 'ffmpeg', file: '/usr/bin/ffmpeg' },
] as const;

/**
 * Installs what is missing with apt-get when running as root; otherwise stops with a one-line
 * instruction. Never downloads a browser build of its own (no `playwright install`).
 */
export const ensureSystemDeps = () => {
  const missing = REQUIRED.filter((dep) => !existsSync(dep.file)).map((dep) => dep.pkg);
  if (missing.length === 0) return;
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing ${missing.join(', ')}: run \`sudo sh -c '${install}'\` and try again.`);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get...`);
  execFileSync('sh', ['-c', `${install} -qq`], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const still = missing.filter((pkg) => spawnSync('sh', ['-c', `command -v ${pkg}`]).status !== 0);
  if (still.length > 0) throw new Error(`apt-get did not install ${still.join(', ')}`);
};
