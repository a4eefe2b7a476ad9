import { describe, expect, it } from 'vitest';
import { posterWidths } from '../../../schema/posters';
import { encodePosterSize, isWebp } from '../../../web/features/upload/poster-sizes';

/** A canvas that answers each requested type as a browser that encodes only `encodes` would. */
const canvasEncoding = (encodes: readonly string[]) => {
  const asked: string[] = [];
  return {
    asked,
    toBlob(callback: BlobCallback, type = 'image/png') {
      asked.push(type);
      // The canvas spec: a type the browser cannot encode comes back as PNG.
      callback(new Blob([new Uint8Array(8)], { type: encodes.includes(type) ? type : 'image/png' }));
    },
  };
};

describe('posterWidths', () => {
  it('draws a full-HD video at the three video card widths', () => {
    expect(posterWidths('video', 1920)).toEqual([320, 480, 720]);
  });

  it('draws a 1080 px wide short at the three short card widths', () => {
    expect(posterWidths('short', 1080)).toEqual([240, 360, 540]);
  });

  it('never upscales: a narrow frame ends at its own width', () => {
    expect(posterWidths('video', 640)).toEqual([320, 480, 640]);
    expect(posterWidths('short', 360)).toEqual([240, 360]);
    expect(posterWidths('video', 200)).toEqual([200]);
  });

  it('draws nothing when the frame width is unknown', () => {
    expect(posterWidths('video', 0)).toEqual([]);
  });
});

describe('encodePosterSize', () => {
  it('encodes WebP where the browser can', async () => {
    const canvas = canvasEncoding(['image/webp', 'image/jpeg', 'image/png']);
    expect((await encodePosterSize(canvas))?.type).toBe('image/webp');
    expect(canvas.asked).toEqual(['image/webp']);
  });

  it('falls back to JPEG when the browser answers a WebP request with PNG', async () => {
    const canvas = canvasEncoding(['image/jpeg', 'image/png']);
    expect((await encodePosterSize(canvas))?.type).toBe('image/jpeg');
    expect(canvas.asked).toEqual(['image/webp', 'image/jpeg']);
  });

  it('falls back to JPEG when the browser answers a WebP request with nothing', async () => {
    const canvas = {
      toBlob: (callback: BlobCallback, type?: string) =>
        callback(type === 'image/jpeg' ? new Blob([new Uint8Array(8)], { type }) : null),
    };
    expect((await encodePosterSize(canvas))?.type).toBe('image/jpeg');
  });

  it('gives up (no size) when the browser encodes neither', async () => {
    expect(await encodePosterSize({ toBlob: (callback: BlobCallback) => callback(null) })).toBeNull();
    expect(isWebp(null)).toBe(false);
  });
});
