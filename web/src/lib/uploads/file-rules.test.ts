import { describe, expect, it } from 'vitest';
import { MB } from '@shared/uploads/rules';
import { fakeFile, imageHead } from '@web/testing/dom';
import { caseFileAccept, checkCaseFiles, checkPatientFiles, filesAddedText } from './file-rules';
import { contentTypeOf } from './file-types';

describe('contentTypeOf', () => {
  it('normalises loose labels and falls back to the extension', () => {
    expect(contentTypeOf({ name: 'a.jpg', type: 'image/jpg' })).toBe('image/jpeg');
    expect(contentTypeOf({ name: 'note.WAV', type: '' })).toBe('audio/wav');
    expect(contentTypeOf({ name: 'report.docx', type: 'application/octet-stream' })).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeOf({ name: 'unknown', type: '' })).toBe('');
  });
});

describe('reading A file rules', () => {
  it('accepts images under 5MB and refuses others with the spec text', async () => {
    const { accepted, problems } = await checkCaseFiles('image', 0, [
      fakeFile('rash.png', 'image/png', 2 * MB),
      fakeFile('huge.jpg', 'image/jpeg', 5 * MB + 1),
      fakeFile('notes.pdf', 'application/pdf'),
    ]);
    expect(accepted.map((file) => file.name)).toEqual(['rash.png']);
    expect(problems).toEqual([
      { title: 'Invalid File', description: 'huge.jpg must be an image under 5MB' },
      { title: 'Invalid File', description: 'notes.pdf must be an image under 5MB' },
    ]);
  });

  it('allows at most 3 images', async () => {
    const images = [1, 2].map((n) => fakeFile(`${n}.png`, 'image/png'));
    expect((await checkCaseFiles('image', 1, images)).accepted).toHaveLength(2);
    const result = await checkCaseFiles('image', 2, images);
    expect(result.accepted).toEqual([]);
    expect(result.problems).toContainEqual({
      title: 'Too Many Files',
      description: 'Maximum 3 images allowed',
    });
  });

  it('accepts PDF, Word, Excel, PowerPoint, text and CSV documents; at most 5', async () => {
    const documents = [
      fakeFile('a.pdf', 'application/pdf'),
      fakeFile('b.docx', ''),
      fakeFile('c.xlsx', ''),
      fakeFile('d.pptx', ''),
      fakeFile('e.csv', 'text/csv'),
    ];
    expect((await checkCaseFiles('document', 0, documents)).accepted).toHaveLength(5);
    expect((await checkCaseFiles('document', 1, documents)).problems).toEqual([
      { title: 'Too Many Files', description: 'Maximum 5 documents allowed' },
    ]);
    expect(
      (await checkCaseFiles('document', 0, [fakeFile('x.png', 'image/png')])).problems,
    ).toEqual([
      {
        title: 'Invalid File',
        description: 'x.png must be a PDF, Word, Excel, PowerPoint, text or CSV file under 5MB',
      },
    ]);
  });

  it.each([
    ['IMG_0001.HEIC', 'image/heic', 'image/heic'],
    ['IMG_0001.HEIC', '', 'image/heic'],
    ['IMG_0002.heif', 'image/heif', 'image/heif'],
    ['IMG_0002.heif', 'application/octet-stream', 'image/heif'],
    ['photo.avif', 'image/avif', 'image/avif'],
    ['live.heic', 'image/heic-sequence', 'image/heic'],
  ])('accepts %s labelled %j as the picture its bytes prove', async (name, type, real) => {
    const picked = fakeFile(name, type, 3 * MB, imageHead(real));
    const { accepted, problems } = await checkCaseFiles('image', 0, [picked]);
    expect(problems).toEqual([]);
    expect(accepted.map((file) => [file.name, file.type])).toEqual([[name, real]]);
  });

  it('takes 5242880 bytes (spec doc 1 §9) and refuses one more', async () => {
    const at = fakeFile('IMG_0001.HEIC', '', 5_242_880, imageHead('image/heic'));
    const over = fakeFile('IMG_0002.HEIC', '', 5_242_881, imageHead('image/heic'));
    const { accepted, problems } = await checkCaseFiles('image', 0, [at, over]);
    expect(accepted.map((file) => file.name)).toEqual(['IMG_0001.HEIC']);
    expect(problems).toEqual([
      { title: 'Invalid File', description: 'IMG_0002.HEIC must be an image under 5MB' },
    ]);
  });

  it('accepts a PNG renamed .heic as the PNG it is, so the upload declares image/png', async () => {
    const renamed = fakeFile('rash.heic', '', 1024, imageHead('image/png'));
    const { accepted } = await checkCaseFiles('image', 0, [renamed]);
    expect(accepted.map((file) => [file.name, file.type])).toEqual([['rash.heic', 'image/png']]);
  });

  it('refuses a text file named .jpg, whatever its label says', async () => {
    const { accepted, problems } = await checkCaseFiles('image', 0, [
      fakeFile('notes.jpg', 'image/jpeg', 1024, 'these are my notes, not a photo'),
    ]);
    expect(accepted).toEqual([]);
    expect(problems).toEqual([
      { title: 'Invalid File', description: 'notes.jpg must be an image under 5MB' },
    ]);
  });

  it('offers every phone image type in the picker, by type and extension', () => {
    const accept = caseFileAccept.image.split(',');
    for (const entry of ['image/heic', 'image/heif', 'image/avif', '.heic', '.heif', '.avif']) {
      expect(accept).toContain(entry);
    }
  });
});

describe('reading B file rules', () => {
  it('accepts the listed types up to 10MB each', () => {
    const { accepted, problems } = checkPatientFiles(0, [
      fakeFile('scan.webp', 'image/webp', 10 * MB),
      fakeFile('letter.doc', 'application/msword'),
      fakeFile('notes.txt', 'text/plain'),
    ]);
    expect(accepted).toHaveLength(3);
    expect(problems).toEqual([]);
  });

  it('refuses other types and files over 10MB with the spec toasts', () => {
    const { accepted, problems } = checkPatientFiles(0, [
      fakeFile('movie.mp4', 'video/mp4'),
      fakeFile('sheet.xlsx', ''),
      fakeFile('xray.png', 'image/png', 10 * MB + 1),
    ]);
    expect(accepted).toEqual([]);
    expect(problems).toEqual([
      {
        title: 'Invalid File Type',
        description:
          'movie.mp4 is not a supported file type. Please upload images, PDFs, or documents.',
      },
      {
        title: 'Invalid File Type',
        description:
          'sheet.xlsx is not a supported file type. Please upload images, PDFs, or documents.',
      },
      {
        title: 'File Too Large',
        description: 'xray.png is larger than 10MB. Please choose a smaller file.',
      },
    ]);
  });

  it('keeps at most 10 files', () => {
    const files = [1, 2, 3].map((n) => fakeFile(`${n}.pdf`, 'application/pdf'));
    const { accepted, problems } = checkPatientFiles(8, files);
    expect(accepted).toHaveLength(2);
    expect(problems).toEqual([
      { title: 'Too Many Files', description: 'You can attach up to 10 files.' },
    ]);
  });

  it('counts added files', () => {
    expect(filesAddedText(1)).toBe('1 file added');
    expect(filesAddedText(3)).toBe('3 files added');
  });
});
