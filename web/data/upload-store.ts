/**
 * Unfinished resumable video uploads (DESIGN.md §6), in IndexedDB, so that after a reload, a crash
 * or a lost network the creator re-picks the same file and the upload goes on from the last
 * confirmed part instead of starting over.
 *
 * | database     | object store | key        | value                                                  |
 * | ------------ | ------------ | ---------- | ------------------------------------------------------ |
 * | reel-uploads | uploads      | `<userId>` | that user's `PendingUpload`s, keyed by file identity:  |
 * |              |              |            | `<name>/<size>/<lastModified>`                         |
 *
 * A file is recognised by its name, size and last-modified time (the browser cannot hand back the
 * same File after a reload). The server stays the judge of which parts it holds; the confirmed
 * parts kept here let the dialog show how far an unfinished upload got. Every change is one
 * read-modify-write transaction (`update`).
 */
import { clear, createStore, get, update } from 'idb-keyval';
import * as z from 'zod/mini';

const PendingUploadSchema = z.object({
  key: z.string(),
  uploadId: z.string(),
  fileName: z.string(),
  size: z.number(),
  lastModified: z.number(),
  partSize: z.number(),
  partCount: z.number(),
  confirmedParts: z.array(z.number()),
  updatedAt: z.string(),
});
export type PendingUpload = z.infer<typeof PendingUploadSchema>;
type PendingUploads = Record<string, PendingUpload>;

/** What identifies a picked file across reloads. */
export type FileIdentity = { name: string; size: number; lastModified: number };

let idbStore: ReturnType<typeof createStore> | undefined;
// Opened on first use, so a visit that never uploads never creates the database.
const uploadsIdb = () => {
  idbStore ??= createStore('reel-uploads', 'uploads');
  return idbStore;
};

/** The key of a picked file among its user's pending uploads. */
export const fileKey = (file: FileIdentity): string => `${file.name}/${file.size}/${file.lastModified}`;

/** A stored value in another shape is dropped, entry by entry. */
const parse = (value: unknown): PendingUploads => {
  if (typeof value !== 'object' || value === null) return {};
  const valid: PendingUploads = {};
  for (const [key, entry] of Object.entries(value)) {
    const parsed = PendingUploadSchema.safeParse(entry);
    if (parsed.success && parsed.data.key === key) valid[key] = parsed.data;
  }
  return valid;
};

const change = (userId: string, edit: (pending: PendingUploads) => PendingUploads) =>
  update(userId, (value) => edit(parse(value)), uploadsIdb());

/** The unfinished upload of this very file by this user, if one was started. */
export async function findPendingUpload(
  userId: string,
  file: FileIdentity,
): Promise<PendingUpload | undefined> {
  return parse(await get(userId, uploadsIdb()))[fileKey(file)];
}

/** Every unfinished upload of `userId`, oldest first. */
export async function listPendingUploads(userId: string): Promise<PendingUpload[]> {
  const pending = Object.values(parse(await get(userId, uploadsIdb())));
  return pending.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
}

export async function savePendingUpload(userId: string, pending: PendingUpload): Promise<void> {
  await change(userId, (all) => ({ ...all, [pending.key]: pending }));
}

/** Adds a part the server confirmed. */
export async function markPartConfirmed(userId: string, key: string, partNumber: number): Promise<void> {
  await change(userId, (all) => {
    const pending = all[key];
    if (!pending) return all;
    const confirmedParts = [...new Set([...pending.confirmedParts, partNumber])].sort((a, b) => a - b);
    return { ...all, [key]: { ...pending, confirmedParts, updatedAt: new Date().toISOString() } };
  });
}

/** Forgets an upload that completed, was aborted or that the server no longer knows. */
export async function removePendingUpload(userId: string, key: string): Promise<void> {
  await change(userId, (all) => {
    const { [key]: _removed, ...rest } = all;
    return rest;
  });
}

/** Forgets every user's unfinished uploads (logout: their upload ids are the signed-out user's). */
export async function clearPendingUploads(): Promise<void> {
  await clear(uploadsIdb());
}
