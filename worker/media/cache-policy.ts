/** Keys named by their content's sha-256 never change, so browsers may keep them for a year. */
const CONTENT_ADDRESSED = /[0-9a-f]{64}/;

export const cacheControlFor = (key: string): string =>
  CONTENT_ADDRESSED.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
