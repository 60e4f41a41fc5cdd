import { describe, expect, it } from 'vitest';
import { contentTypeMatches, wavDurationSeconds } from './file-signature';

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'latin1');

function wavHeader(seconds: number, byteRate = 32_000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt32LE(byteRate, 28);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(seconds * byteRate, 40);
  return header;
}

describe('file signatures', () => {
  it.each([
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
    ['image/gif', text('GIF89a')],
    ['image/webp', text('RIFF\0\0\0\0WEBP')],
    ['application/pdf', text('%PDF-1.7')],
    ['application/msword', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes(0x50, 0x4b, 0x03, 0x04),
    ],
    ['text/plain', Buffer.from('Blood pressure 120/80, pulse 72 — ok', 'utf8')],
    ['text/csv', text('date,bp\n2026-11-21,120/80\n')],
    ['audio/wav', wavHeader(3)],
  ])('recognises %s', (type, head) => {
    expect(contentTypeMatches(head, type)).toBe(true);
  });

  it.each([
    ['image/png', text('<svg onload=alert(1)>')],
    ['image/jpeg', text('%PDF-1.7')],
    ['application/pdf', bytes(0x4d, 0x5a, 0x90, 0x00)],
    ['text/plain', bytes(0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01)],
    ['audio/wav', text('RIFF\0\0\0\0WEBP')],
    ['application/x-msdownload', bytes(0x4d, 0x5a)],
  ])('refuses bytes that are not %s', (type, head) => {
    expect(contentTypeMatches(head, type)).toBe(false);
  });

  it('reads a WAV recording length from its header', () => {
    expect(wavDurationSeconds(wavHeader(120))).toBe(120);
    expect(wavDurationSeconds(wavHeader(7, 88_200))).toBe(7);
    expect(wavDurationSeconds(text('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(wavDurationSeconds(text('not a wav'))).toBeNull();
  });
});
