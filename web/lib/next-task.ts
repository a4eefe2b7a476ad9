/**
 * Resolves in a new task. Work split at these points runs as several short tasks instead of one
 * long one, so a tap is never kept waiting for all of it (issue 20: total blocking time).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
