const MiB = 1024 * 1024;
const ascii = (text: string) => [...new TextEncoder().encode(text)];

/**
 * `size` bytes (12 MiB unless told) of an "MP4": an `ftyp` box, then a pattern that differs per
 * seed and per MiB, so parts and files can be told apart. Filled by a loop: `Uint8Array.from` with
 * a mapping function took seconds per file.
 */
export const videoFile = (size = 12 * MiB, seed = 7) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 20)) & 0xff;
  bytes.set([0, 0, 0, 0x18, ...ascii('ftypmp42'), 0, 0, 0, 0, ...ascii('mp42isom')]);
  return bytes;
};
