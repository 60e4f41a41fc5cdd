import { describe, expect, it } from 'vitest';
import { caseFileRules, uploadMessages } from '@shared/uploads/rules';
import { HttpError } from '#core/errors';
import type { MultipartFile } from '#lib/http/multipart';
import { caseInputOfIntake, checkInlineFiles } from './case-intake';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const pdf = Buffer.from('%PDF-1.7\n');
const now = new Date('2026-11-20T09:30:00.000Z');

const file = (field: string, filename: string, contentType: string, data: Buffer) =>
  ({ field, filename, contentType, data }) satisfies MultipartFile;
const image = (filename = 'rash.png', field = 'images') => file(field, filename, 'image/png', png);
const document = (filename = 'report.pdf') => file('documents', filename, 'application/pdf', pdf);

/** The HTTP answer an error would be, or null when nothing was thrown. */
function refusal(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

describe('reading A’s inline files (spec doc 1 §5, §7, §9)', () => {
  it('takes images and documents by their field names, singular or plural, each under its rule', () => {
    const checked = checkInlineFiles(
      [image('a.png', 'images'), image('b.png', 'image'), document('r.pdf')],
      now,
    );
    expect(checked.map(({ rule }) => rule.kind)).toEqual(['image', 'image', 'document']);
    expect(checked.map(({ storedName }) => storedName)).toEqual([
      `${now.getTime()}-a.png`,
      `${now.getTime()}-b.png`,
      `${now.getTime()}-r.pdf`,
    ]);
  });

  it('refuses a field that is no file kind with 400, naming the field', () => {
    expect(refusal(() => checkInlineFiles([image('a.png', 'photos')], now))).toEqual({
      status: 400,
      message: 'Unexpected file field photos',
    });
  });

  it('refuses more files of a kind than it allows with 409 and the kind’s message', () => {
    const images = Array.from({ length: caseFileRules.image.maxCount }, (_, i) =>
      image(`${i}.png`),
    );
    expect(refusal(() => checkInlineFiles(images, now))).toBeNull();
    expect(refusal(() => checkInlineFiles([...images, image('one-more.png')], now))).toEqual({
      status: 409,
      message: uploadMessages.tooManyImages,
    });
  });

  it('refuses the whole request when one file’s bytes are not what it claims to be', () => {
    const forged = file('images', 'evil.png', 'image/png', pdf);
    expect(refusal(() => checkInlineFiles([document(), forged], now))).toEqual({
      status: 422,
      message: uploadMessages.invalidImage('evil.png'),
    });
  });
});

describe('reading A’s form as a new case', () => {
  const intake = { name: 'Ada Patient', triageSummary: 'Mild headache', phone: undefined };

  it('is a video consultation reached by the email when one is given', () => {
    const input = caseInputOfIntake({ ...intake, email: 'ada@example.org', phone: '555 0100' }, []);
    expect(input).toMatchObject({
      source: 'case',
      requestType: 'telemedicine',
      email: 'ada@example.org',
      phone: '555 0100',
      contactInfo: 'ada@example.org',
      medicalFiles: [],
    });
  });

  it('is reached by the phone without an email, and by nothing without either', () => {
    expect(caseInputOfIntake({ ...intake, phone: '555 0100' }, [])).toMatchObject({
      email: null,
      phone: '555 0100',
      contactInfo: '555 0100',
    });
    expect(caseInputOfIntake(intake, [])).toMatchObject({
      email: null,
      phone: null,
      contactInfo: '',
    });
  });

  it('lists the inline files under the names their attachments are stored under', () => {
    const files = checkInlineFiles([image('x-ray 1.png'), document()], now);
    expect(caseInputOfIntake(intake, files).medicalFiles).toEqual(
      files.map(({ storedName }) => storedName),
    );
  });
});
