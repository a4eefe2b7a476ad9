import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Unstable_Config as Config, unstable_readConfig, unstable_splitSqlQuery } from 'wrangler';
import { openLocalStorage } from './local-storage';

/**
 * Applies the D1 migrations to the local database in `persistTo` as `wrangler d1 migrations apply
 * DB --local` does: the same migrations table (wrangler.toml's `migrations_table`, `d1_migrations`
 * by default) and its columns, each new file's statements (split by wrangler's own splitter) and
 * its name in one batch, in file order. In this process rather than through the wrangler CLI,
 * which took 8 s of CPU a time to load: every `npm start`, e2e app, fault test and room test
 * pays it. A database migrated here is up to date for wrangler too, and the other way round.
 */
export async function applyLocalMigrations(persistTo: string, configPath = 'wrangler.toml') {
  const config: Config = unstable_readConfig({ config: configPath }, { hideWarnings: true });
  const db = config.d1_databases.find((database) => database.binding === 'DB');
  const dir = path.resolve(path.dirname(configPath), db?.migrations_dir ?? 'migrations');
  const table = `"${(db?.migrations_table ?? 'd1_migrations').replaceAll('"', '""')}"`;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const storage = await openLocalStorage(persistTo, configPath);
  try {
    const { DB } = storage.env;
    await DB.prepare(
      `CREATE TABLE IF NOT EXISTS ${table}(
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        name       TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`,
    ).run();
    const applied = new Set(
      (await DB.prepare(`SELECT name FROM ${table}`).all<{ name: string }>()).results.map((row) => row.name),
    );
    for (const file of files.filter((name) => !applied.has(name))) {
      const statements = unstable_splitSqlQuery(readFileSync(path.join(dir, file), 'utf8'));
      await DB.batch([
        ...statements.map((sql) => DB.prepare(sql)),
        DB.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(file),
      ]);
    }
  } finally {
    await storage.dispose();
  }
}
