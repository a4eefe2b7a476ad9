import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type InitialScript = { src: string; gzipBytes: number };

/**
 * The JavaScript a built page loads before anything lazy, each with its gzip size: its HTML's
 * module scripts, its modulepreload links, and the app's entry that its first script runs
 * (`data-entry`, web/boot.ts).
 */
export function initialScripts(dist: string): InitialScript[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const patterns = [
    /<script[^>]*type="module"[^>]*src="([^"]+)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /<script[^>]*data-entry="([^"]+)"/g,
  ];
  const sources = new Set(
    patterns.flatMap((pattern) => [...html.matchAll(pattern)].map((match) => match[1] ?? '')),
  );
  if (sources.size === 0) throw new Error(`No module scripts found in ${dist}/index.html`);
  return [...sources].map((src) => ({
    src,
    gzipBytes: gzipSync(readFileSync(path.join(dist, src.replace(/^\//, '')))).length,
  }));
}

export const totalKb = (scripts: InitialScript[]) =>
  scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
