import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/*
 * A migration that has landed has run on every database that exists (local, staging, production),
 * and D1 never runs it again: an edit to it changes a fresh database and no other. So a landed file
 * never changes; a change is a new migration. tests/fixtures/landed-migrations.json holds the hash
 * of each landed file, and a new migration lands with its line added there.
 */

const DIR = 'schema/migrations';
const LANDED = 'tests/fixtures/landed-migrations.json';

const landed = z.record(z.string(), z.string()).parse(JSON.parse(readFileSync(LANDED, 'utf8')));
const files = readdirSync(DIR).filter((name) => name.endsWith('.sql'));
const hashOf = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(DIR, file)))
    .digest('hex');

describe('landed D1 migrations', () => {
  it('are unchanged since they landed', () => {
    const changed = Object.entries(landed)
      .filter(([file, hash]) => !files.includes(file) || hashOf(file) !== hash)
      .map(([file]) => file);
    expect(changed, 'write a new migration instead of editing or removing a landed one').toEqual([]);
  });

  it('are all recorded, each new one with its hash', () => {
    const unrecorded = files
      .filter((file) => !(file in landed))
      .map((file) => `"${file}": "${hashOf(file)}"`);
    expect(unrecorded, `add to ${LANDED} when the migration lands`).toEqual([]);
  });
});
