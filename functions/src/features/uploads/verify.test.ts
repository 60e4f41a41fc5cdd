import { describe, expect, it } from 'vitest';
import { ftypHeader } from '@shared/uploads/image-fixtures';
import { assertStoredFileValid, assertUploadAllowed } from './verify';
import { normalizeContentType, uploadRules } from './rules';

const FIVE_MB = 5_242_880; // spec doc 1 §9: 5 MB (5242880 bytes)
const heic = Buffer.from(ftypHeader('heic', ['mif1', 'heic']));
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const stored = (originalName: string, contentType: string, head: Buffer, size = head.length) =>
  assertStoredFileValid(uploadRules.image, { originalName, contentType, size, head });

describe('reading A images on the server (spec doc 1 §5, §9)', () => {
  it.each([
    ['IMG_0001.HEIC', 'image/heic', heic],
    ['IMG_0001.HEIC', 'image/heif', heic],
    ['photo.heif', 'image/heif', Buffer.from(ftypHeader('mif1', ['mif1']))],
    ['photo.avif', 'image/avif', Buffer.from(ftypHeader('avif', ['avif', 'mif1', 'miaf']))],
  ])('accepts %s stored as %s, proved by its ftyp box', (name, type, head) => {
    expect(() => stored(name, type, head)).not.toThrow();
  });

  it('accepts 5242880 bytes and refuses one more, with the spec text', () => {
    expect(() => stored('IMG_0001.HEIC', 'image/heic', heic, FIVE_MB)).not.toThrow();
    expect(() => stored('IMG_0001.HEIC', 'image/heic', heic, FIVE_MB + 1)).toThrow(
      'IMG_0001.HEIC must be an image under 5MB',
    );
    const declared = { filename: 'IMG_0001.HEIC', contentType: 'image/heic' };
    expect(() =>
      assertUploadAllowed(uploadRules.image, { ...declared, size: FIVE_MB }),
    ).not.toThrow();
    expect(() =>
      assertUploadAllowed(uploadRules.image, { ...declared, size: FIVE_MB + 1 }),
    ).toThrow('IMG_0001.HEIC must be an image under 5MB');
  });

  it('refuses a PNG stored as HEIC: the stored type must be what the bytes are', () => {
    // The browser labels a PNG named .heic image/png (realImageType), so this is a forged label.
    expect(() => stored('fake.heic', 'image/heic', png)).toThrow(
      'fake.heic must be an image under 5MB',
    );
    expect(() => stored('fake.heic', 'image/png', png)).not.toThrow();
  });

  it('refuses a text file named .jpg', () => {
    expect(() => stored('notes.jpg', 'image/jpeg', Buffer.from('not a picture at all'))).toThrow(
      'notes.jpg must be an image under 5MB',
    );
  });

  it("reads Apple's sequence labels as HEIC/HEIF", () => {
    expect(normalizeContentType('image/heic-sequence')).toBe('image/heic');
    expect(normalizeContentType('image/HEIF-sequence')).toBe('image/heif');
  });
});
