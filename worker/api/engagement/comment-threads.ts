import type { CommentEntry, CommentThread } from '../../../schema/engagement';

/**
 * Nests flat entries (oldest first) into threads: replies under their parent, oldest reply first;
 * top-level comments newest first, as the list pages them, after the pinned one.
 */
export const buildThreads = (entries: CommentEntry[]): CommentThread[] => {
  const nodes = new Map<string, CommentThread>();
  for (const entry of entries) nodes.set(entry.comment.id, { ...entry, replies: [] });
  const roots: CommentThread[] = [];
  for (const node of nodes.values()) {
    const parentId = node.comment.parentId;
    if (parentId === null) roots.push(node);
    else nodes.get(parentId)?.replies.push(node);
  }
  const newestFirst = roots.reverse();
  return [
    ...newestFirst.filter((root) => root.comment.pinned),
    ...newestFirst.filter((root) => !root.comment.pinned),
  ];
};
