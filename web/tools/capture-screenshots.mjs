// Captures the manifest's install screenshots (web/public/screenshots/) from the running app with
// Debian's Chromium: a wide one (desktop install dialog) and a narrow one (phone install sheet). Their
// sizes must match the `screenshots` entries in vite.config.ts.
// They are quantized to 256 colours (sharp, which wrangler's miniflare brings) to stay near 150 KB.
// Run against a seeded app: npm start, then node web/tools/capture-screenshots.mjs [base URL]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const shots = [
  { file: 'home-wide.png', width: 1280, height: 720 },
  { file: 'home-narrow.png', width: 390, height: 844 },
];
const outDir = new URL('../public/screenshots/', import.meta.url);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, width, height } of shots) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.goto(base);
    await page.getByTestId('video-card').first().waitFor({ state: 'attached' });
    // Thumbnails load lazily: wait until every image in view has drawn (those below or hidden never load).
    await page.waitForFunction(() =>
      [...document.images]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.width > 0 && box.top < window.innerHeight;
        })
        .every((image) => image.complete),
    );
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    await sharp(shot)
      .png({ palette: true, colours: 256, effort: 10, compressionLevel: 9 })
      .toFile(new URL(file, outDir).pathname);
    await page.close();
  }
} finally {
  await browser.close();
}
