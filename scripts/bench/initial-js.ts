import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type InitialScript = { src: string; gzipBytes: number };

/**
 * The JavaScript a built page loads before anything lazy: its HTML's module scripts and
 * modulepreload links, each with its gzip size.
 */
export function initialScripts(dist: string): InitialScript[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const sources = new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g,
      ),
    ].map((match) => match[1] ?? ''),
  );
  if (sources.size === 0) throw new Error(`No module scripts found in ${dist}/index.html`);
  return [...sources].map((src) => ({
    src,
    gzipBytes: gzipSync(readFileSync(path.join(dist, src.replace(/^\//, '')))).length,
  }));
}

export const totalKb = (scripts: InitialScript[]) =>
  scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
