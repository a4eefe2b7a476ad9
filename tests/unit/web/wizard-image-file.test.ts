import { describe, expect, it } from 'vitest';
import { isAcceptedImage } from '../../../web/features/profile-wizard/image-file';

describe('picking an avatar or banner', () => {
  it.each(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'IMAGE/PNG'])('accepts %s', (type) => {
    expect(isAcceptedImage({ type })).toBe(true);
  });

  it.each(['image/svg+xml', 'text/html', 'application/pdf', 'video/mp4', ''])('refuses %s', (type) => {
    expect(isAcceptedImage({ type })).toBe(false);
  });
});
