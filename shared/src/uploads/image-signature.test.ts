import { describe, expect, it } from 'vitest';
import { ftypHeader } from './image-fixtures';
import { imageTypesOf, realImageType } from './image-signature';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('imageTypesOf (spec doc 1 §5: images checked by content)', () => {
  it.each([
    [
      'an iPhone HEIC (heic, compatible mif1)',
      ftypHeader('heic', ['mif1', 'heic']),
      ['image/heic', 'image/heif'],
    ],
    ['a HEIC sequence (hevc)', ftypHeader('hevc', ['msf1', 'hevc']), ['image/heic', 'image/heif']],
    ['a 10-bit HEIC (heix)', ftypHeader('heix', ['mif1']), ['image/heic', 'image/heif']],
    [
      'a HEVC sequence with alpha (hevx)',
      ftypHeader('hevx', ['msf1']),
      ['image/heic', 'image/heif'],
    ],
    ['a plain HEIF (mif1)', ftypHeader('mif1', ['mif1']), ['image/heif']],
    ['a HEIF sequence (msf1)', ftypHeader('msf1', []), ['image/heif']],
    [
      'an AVIF (avif, compatible mif1 miaf)',
      ftypHeader('avif', ['avif', 'mif1', 'miaf']),
      ['image/avif', 'image/heif'],
    ],
  ])('reads %s', (_label, head, types) => {
    expect(imageTypesOf(head)).toEqual(types);
  });

  it.each([
    ['JPEG', Uint8Array.from([0xff, 0xd8, 0xff, 0xe1]), ['image/jpeg']],
    ['PNG', PNG, ['image/png']],
    ['GIF', new TextEncoder().encode('GIF87a'), ['image/gif']],
    ['WebP', new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '), ['image/webp']],
  ])('reads a %s', (_label, head, types) => {
    expect(imageTypesOf(head)).toEqual(types);
  });

  it.each([
    ['text', new TextEncoder().encode('just some notes, named rash.jpg')],
    ['an MP4 video (isom)', ftypHeader('isom', ['isom', 'mp41'])],
    ['a QuickTime movie (qt)', ftypHeader('qt  ', ['qt  '])],
    ['a PDF', new TextEncoder().encode('%PDF-1.7\n')],
    ['nothing', new Uint8Array()],
    ['a cut-off ftyp box', ftypHeader('heic', []).subarray(0, 10)],
  ])('refuses %s', (_label, head) => {
    expect(imageTypesOf(head)).toEqual([]);
  });
});

describe('realImageType', () => {
  it('keeps the declared type when the bytes agree', () => {
    expect(realImageType(ftypHeader('heic', ['mif1']), 'image/heif')).toBe('image/heif');
    expect(realImageType(ftypHeader('heic', ['mif1']), '')).toBe('image/heic');
  });

  it('labels a PNG renamed .heic as the PNG it is', () => {
    expect(realImageType(PNG, 'image/heic')).toBe('image/png');
  });

  it('finds no image in a text file named .jpg', () => {
    expect(realImageType(new TextEncoder().encode('hello'), 'image/jpeg')).toBeNull();
  });
});
