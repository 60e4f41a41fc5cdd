import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  documentTypeLabel,
  fileExtension,
  fileKind,
  formatFileSize,
  previewKind,
} from './attachments';

describe('attachments', () => {
  it.each([
    ['license.PDF', 'pdf', 'pdf', 'pdf'],
    ['scan.jpeg', 'jpeg', 'image', 'image'],
    ['scan.jpg', 'jpg', 'image', 'image'],
    ['photo.png', 'png', 'image', 'image'],
    ['anim.gif', 'gif', 'image', 'image'],
    ['photo.webp', 'webp', 'image', 'image'],
    ['photo.avif', 'avif', 'image', 'image'],
    ['IMG_0001.HEIC', 'heic', 'image', 'convert'],
    ['IMG_0002.heif', 'heif', 'image', 'convert'],
    ['cv.docx', 'docx', 'document', 'none'],
    ['cv.doc', 'doc', 'document', 'none'],
    ['sheet.xlsx', 'xlsx', 'spreadsheet', 'none'],
    ['sheet.xls', 'xls', 'spreadsheet', 'none'],
    ['clip.mov', 'mov', 'video', 'none'],
    ['clip.avi', 'avi', 'video', 'none'],
    ['clip.mp4', 'mp4', 'video', 'none'],
    ['note.m4a', 'm4a', 'audio', 'none'],
    ['README', '', 'other', 'none'],
    ['.hidden', '', 'other', 'none'],
    ['trailing.', '', 'other', 'none'],
  ])('%s: extension %j, kind %s, preview %s', (name, extension, kind, preview) => {
    expect(fileExtension(name)).toBe(extension);
    expect(fileKind(name)).toBe(kind);
    expect(previewKind(name)).toBe(preview);
  });

  it('prefers the original name', () => {
    expect(attachmentName({ originalName: 'a.pdf', filename: 'x-a.pdf' })).toBe('a.pdf');
    expect(attachmentName({ originalName: ' ', filename: 'x-a.pdf' })).toBe('x-a.pdf');
  });

  it('formats sizes and document types', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(documentTypeLabel('medical_license')).toBe('Medical License');
    expect(documentTypeLabel('something_else')).toBe('something else');
  });
});
