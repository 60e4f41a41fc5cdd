// Test fixtures: real image headers, built byte by byte (used by unit and integration tests).

/**
 * The start of a real ISO-BMFF image: an `ftyp` box (size, 'ftyp', major brand, minor version,
 * compatible brands) followed by the `meta` box header every HEIF file has next.
 */
export function ftypHeader(major: string, compatible: readonly string[]): Uint8Array<ArrayBuffer> {
  const size = 16 + 4 * compatible.length;
  const box = new Uint8Array(size + 8);
  new DataView(box.buffer).setUint32(0, size);
  box.set(new TextEncoder().encode(`ftyp${major}\0\0\0\0${compatible.join('')}`), 4);
  new DataView(box.buffer).setUint32(size, 0x68);
  box.set(new TextEncoder().encode('meta'), size + 4);
  return box;
}
