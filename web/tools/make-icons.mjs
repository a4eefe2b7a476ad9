// Draws the PWA icons into web/public/icons/ with Node built-ins only (zlib + a tiny PNG writer).
// Run: node web/tools/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BG = [11, 11, 16];
const ACCENT = [255, 61, 110];
const WHITE = [255, 255, 255];
const SAMPLES = 4;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inRoundedRect = (x, y, r0, r1, radius) => {
  const cx = Math.min(Math.max(x, r0 + radius), r1 - radius);
  const cy = Math.min(Math.max(y, r0 + radius), r1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= r0 && x <= r1 && y >= r0 && y <= r1;
};
// A play triangle pointing right, centred on (0.5, 0.5) in unit coordinates.
const inTriangle = (x, y) => x >= 0.4 && y - 0.5 <= (0.66 - x) * 0.9 && 0.5 - y <= (0.66 - x) * 0.9;

/**
 * `tile`: the accent square's side in unit coordinates; `radius`: its corner radius as a share of the
 * side; `fullBleed`: paint the dark background instead of leaving it transparent.
 */
function drawIcon(size, { tile, radius = 0.22, fullBleed }) {
  const rgba = Buffer.alloc(size * size * 4);
  const lo = (1 - tile) / 2;
  const hi = 1 - lo;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          let colour = fullBleed ? [...BG, 255] : [0, 0, 0, 0];
          if (inRoundedRect(x, y, lo, hi, tile * radius)) {
            colour = inTriangle((x - lo) / tile, (y - lo) / tile) ? [...WHITE, 255] : [...ACCENT, 255];
          }
          acc = acc.map((value, i) => value + colour[i]);
        }
      }
      const offset = (py * size + px) * 4;
      for (let i = 0; i < 4; i++) rgba[offset + i] = Math.round(acc[i] / SAMPLES ** 2);
    }
  }
  return encodePng(size, rgba);
}

const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, { tile: 0.92, fullBleed: false }],
  ['icon-512.png', 512, { tile: 0.92, fullBleed: false }],
  ['apple-touch-icon.png', 180, { tile: 1, radius: 0, fullBleed: true }],
  // Maskable: full-bleed background, logo inside the 80 % safe zone.
  ['maskable-512.png', 512, { tile: 0.62, fullBleed: true }],
];
for (const [name, size, options] of icons) writeFileSync(new URL(name, outDir), drawIcon(size, options));
