import { describe, expect, it } from 'vitest';
import { contentDisposition, isPreviewable } from './content-disposition';

describe('the download Content-Disposition', () => {
  it('shows images and PDFs inline and saves everything else', () => {
    expect(contentDisposition('scan.png', 'image/png')).toMatch(/^inline; /);
    expect(contentDisposition('report.pdf', 'application/pdf')).toMatch(/^inline; /);
    for (const type of [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
      'text/csv',
      'audio/wav',
      'image/svg+xml',
    ]) {
      expect(isPreviewable(type)).toBe(false);
      expect(contentDisposition('notes.bin', type)).toMatch(/^attachment; /);
    }
  });

  it('keeps a plain ASCII name as it is in both parameters', () => {
    expect(contentDisposition('blood-test_2026.docx', 'application/msword')).toBe(
      `attachment; filename="blood-test_2026.docx"; filename*=UTF-8''blood-test_2026.docx`,
    );
  });

  it('encodes non-ASCII names per RFC 5987 with an ASCII fallback', () => {
    expect(contentDisposition('Befund Müller – Röntgen.pdf', 'application/pdf')).toBe(
      `inline; filename="Befund Muller _ Rontgen.pdf"; ` +
        `filename*=UTF-8''Befund%20M%C3%BCller%20%E2%80%93%20R%C3%B6ntgen.pdf`,
    );
    expect(contentDisposition('检查报告.txt', 'text/plain')).toBe(
      `attachment; filename="____.txt"; filename*=UTF-8''%E6%A3%80%E6%9F%A5%E6%8A%A5%E5%91%8A.txt`,
    );
  });

  it('never lets a quote, backslash or line break end the header value early', () => {
    const header = contentDisposition(`a"b\\c'd(e)*\r\nSet-Cookie: x=1.doc`, 'application/msword');
    expect(header).toBe(
      `attachment; filename="a_b_c'd(e)*Set-Cookie: x=1.doc"; ` +
        `filename*=UTF-8''a%22b%5Cc%27d%28e%29%2ASet-Cookie%3A%20x%3D1.doc`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    // The quoted fallback holds exactly two quotes: its own.
    expect(header.split('filename*=')[0]!.match(/"/g)).toHaveLength(2);
  });

  it('falls back to a generic name when nothing printable is left', () => {
    expect(contentDisposition('', 'application/pdf')).toBe(
      `inline; filename="file"; filename*=UTF-8''file`,
    );
  });
});
