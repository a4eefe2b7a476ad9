import { describe, expect, it } from 'vitest';
import { partSizeFor } from '../../worker/api/uploads/limits';
import { storedVideoKey } from '../../worker/api/uploads/stored-name';
import {
  declaredVideoFormat,
  sniffVideoFormat,
  storedExtension,
} from '../../worker/api/uploads/video-format';

const MiB = 1024 * 1024;
const ascii = (text: string) => [...new TextEncoder().encode(text)];
const ftyp = (brand: string) =>
  new Uint8Array([0, 0, 0, 0x18, ...ascii('ftyp'), ...ascii(brand), 0, 0, 0, 0]);
const ebml = (docType: string) =>
  new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88, ...ascii(docType)]);

describe('judging a video by its bytes', () => {
  it.each([
    ['an MP4', ftyp('isom'), 'video/mp4'],
    ['a 3GP', ftyp('3gp4'), 'video/mp4'],
    ['a QuickTime MOV', ftyp('qt  '), 'video/quicktime'],
    ['a WebM', ebml('webm'), 'video/webm'],
    ['a Matroska', ebml('matroska'), 'video/x-matroska'],
  ])('recognises %s', (_, bytes, contentType) => {
    expect(sniffVideoFormat(bytes)?.contentType).toBe(contentType);
  });

  it.each([
    ['a HEIC photo', ftyp('heic')],
    ['an AVIF image', ftyp('avif')],
    ['M4A audio', ftyp('M4A ')],
    ['an EBML file of another DocType', ebml('other')],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
    ['text', new Uint8Array(ascii('just some text here'))],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_, bytes) => {
    expect(sniffVideoFormat(bytes)).toBeNull();
  });
});

describe('the format a resumable upload declares', () => {
  it.each([
    ['clip.mp4', 'video/mp4', 'video/mp4', '.mp4'],
    ['clip.M4V', 'video/mp4', 'video/mp4', '.m4v'],
    ['clip.mkv', '', 'video/x-matroska', '.mkv'],
    ['clip.mov', 'application/octet-stream', 'video/quicktime', '.mov'],
    ['clip.webm', 'video/mp4', 'video/mp4', '.mp4'],
    ['clip', 'video/webm; codecs=vp9', 'video/webm', '.webm'],
  ])('%s declared as "%s" is %s stored as %s', (name, type, contentType, ext) => {
    expect(declaredVideoFormat(name, type)).toMatchObject({ contentType, ext });
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['clip.avi', 'video/x-msvideo'],
    ['clip', ''],
  ])('refuses %s declared as "%s"', (name, type) => {
    expect(declaredVideoFormat(name, type)).toBeNull();
  });
});

describe('the stored name', () => {
  it('is 8 random characters, the time in milliseconds and the extension', () => {
    const key = storedVideoKey('.mp4', new Date(1_767_225_600_000));
    expect(key).toMatch(/^videos\/[a-z0-9]{8}1767225600000\.mp4$/);
    expect(storedVideoKey('.mp4')).not.toBe(storedVideoKey('.mp4'));
  });

  it('keeps the original extension when it names the same container as the bytes', () => {
    const mp4 = sniffVideoFormat(ftyp('isom'));
    if (!mp4) throw new Error('not sniffed');
    expect(storedExtension('Holiday.M4V', mp4)).toBe('.m4v');
    expect(storedExtension('clip.mov', mp4)).toBe('.mov');
    expect(storedExtension('clip.webm', mp4)).toBe('.mp4');
    expect(storedExtension('page.html', mp4)).toBe('.mp4');
  });
});

describe('the part size', () => {
  it('is 8 MiB up to 80 GB and grows in whole MiB so a file never needs more than 10,000 parts', () => {
    expect(partSizeFor(12 * MiB)).toBe(8 * MiB);
    expect(partSizeFor(4 * 1024 * MiB)).toBe(8 * MiB);
    const huge = 200 * 1024 * MiB;
    expect(partSizeFor(huge) % MiB).toBe(0);
    expect(Math.ceil(huge / partSizeFor(huge))).toBeLessThanOrEqual(10_000);
  });
});
