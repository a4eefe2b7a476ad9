import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * The test browser itself (tests/e2e/browser-features.ts): Chromium reads only the last
 * `--disable-features`, so ours must carry every feature Playwright turns off before it, and a
 * window must start no renderer for Chromium's own address bar.
 */

type ChromiumProcess = { ppid: string; argv: string[] };

/** Every Chromium process on the machine, with its parent and command line. */
function chromiumProcesses(): ChromiumProcess[] {
  const found: ChromiumProcess[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // Split at spaces too: Chromium's zygote children retitle themselves, their arguments then one
      // space-separated string. No argument this test reads holds a space.
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      if (argv[0] !== '/usr/lib/chromium/chromium') continue;
      // The fields after the command's name: state, then the parent's pid.
      const ppid = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] ?? '';
      found.push({ ppid, argv });
    } catch {
      // The process ended while it was being read.
    }
  }
  return found;
}

const disabledFeatureLists = (argv: string[]) =>
  argv
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));

test('the test browser keeps every feature Playwright turns off, and a window starts no address-bar renderer', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('data:text/html,<title>window</title>');

  const processes = chromiumProcesses();
  // Playwright starts the browser from this worker's process (Debian's launcher execs Chromium).
  const launched = processes.filter((candidate) => candidate.ppid === String(process.pid));
  expect(launched).toHaveLength(1);
  const argv = launched[0]?.argv ?? [];
  const lists = disabledFeatureLists(argv);
  const effective = lists.at(-1) ?? [];
  const playwrights = lists.slice(0, -1).flat();
  expect(playwrights.filter((feature) => !effective.includes(feature))).toEqual([]);

  // The window's renderers, known by the browser's profile folder: the page's, and none for
  // Chromium's own UI (`--top-chrome-webui`, the address bar's suggestion popup).
  const profile = argv.find((arg) => arg.startsWith('--user-data-dir='));
  const renderers = processes.filter(
    (candidate) => candidate.argv.includes('--type=renderer') && candidate.argv.includes(profile ?? ''),
  );
  expect(renderers.length).toBeGreaterThan(0);
  const ownUi = renderers.filter((renderer) => renderer.argv.includes('--top-chrome-webui'));
  expect(ownUi.length, "renderers drawing Chromium's own UI").toBe(0);
  await context.close();
});
