const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of the alphabet's size below 256: bytes above it are drawn again (no bias). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

const randomChars = (count: number): string => {
  let out = '';
  while (out.length < count) {
    for (const byte of crypto.getRandomValues(new Uint8Array(count * 2))) {
      if (byte < UNBIASED_LIMIT && out.length < count) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
};

/**
 * The R2 key of an uploaded video: `videos/` + the spec's stored name, 8 random characters, the
 * time in milliseconds and the extension (content §5), e.g. `videos/k3v9q0zt1767225600000.mp4`.
 */
export const storedVideoKey = (ext: string, now: Date = new Date()): string =>
  `videos/${randomChars(8)}${now.getTime()}${ext}`;
