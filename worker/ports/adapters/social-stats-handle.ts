/**
 * The account name in a social link, as a profile stores it: a full URL ("https://x.com/name",
 * "twitch.tv/name", "https://www.tiktok.com/@name"), "@name" or "name". Answers null when nothing
 * usable is left, so adapters refuse without calling out.
 */
export const accountNameOf = (handleOrUrl: string): string | null => {
  const segments = pathSegmentsOf(handleOrUrl);
  const name = segments[0]?.replace(/^@/, '') ?? '';
  return /^[A-Za-z0-9_.-]{1,100}$/.test(name) ? name : null;
};

/** A YouTube channel reference: by channel id, by legacy username, or by @handle. */
export type YoutubeChannelRef =
  | { kind: 'id'; value: string }
  | { kind: 'username'; value: string }
  | { kind: 'handle'; value: string };

/** youtube.com/channel/UC…, youtube.com/user/name, youtube.com/@handle, youtube.com/c/name, @handle. */
export const youtubeChannelOf = (handleOrUrl: string): YoutubeChannelRef | null => {
  const [first, second] = pathSegmentsOf(handleOrUrl);
  const valid = (value: string | undefined) =>
    value && /^[A-Za-z0-9_.-]{1,100}$/.test(value) ? value : null;
  if (first === 'channel') {
    const id = valid(second);
    return id ? { kind: 'id', value: id } : null;
  }
  if (first === 'user') {
    const name = valid(second);
    return name ? { kind: 'username', value: name } : null;
  }
  const handle = valid((first === 'c' ? second : first)?.replace(/^@/, ''));
  return handle ? { kind: 'handle', value: `@${handle}` } : null;
};

/** The path segments of a link, or the bare handle as the one segment. */
const pathSegmentsOf = (handleOrUrl: string): string[] => {
  const text = handleOrUrl.trim();
  if (text === '') return [];
  const looksLikeUrl = /^https?:\/\//i.test(text) || /^[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(text);
  if (!looksLikeUrl) return [text];
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    return url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return [];
  }
};
