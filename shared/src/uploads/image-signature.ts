/**
 * Which image types a file's first bytes prove (spec doc 1 §5: reading A takes images; every
 * type a phone produces, checked by content, not by name or label). Shared by the server, which
 * checks the stored bytes, and the browser, which labels a picked file by what it really is.
 */
export const imageContentTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** Bytes to read from the start of a file: enough for the signatures and an ftyp box's brands. */
export const IMAGE_HEAD_BYTES = 64;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/**
 * ISO-BMFF brands (the `ftyp` box) and the type each one makes the file: HEVC-coded HEIF is
 * HEIC (iPhones) and is also HEIF; mif1/msf1 are plain HEIF (image, sequence); avif/avis AVIF.
 */
const BRAND_TYPES: Readonly<Record<string, readonly ImageContentType[]>> = {
  heic: ['image/heic', 'image/heif'],
  heix: ['image/heic', 'image/heif'],
  hevc: ['image/heic', 'image/heif'],
  hevx: ['image/heic', 'image/heif'],
  mif1: ['image/heif'],
  msf1: ['image/heif'],
  avif: ['image/avif'],
  avis: ['image/avif'],
};

const startsWith = (head: Uint8Array, bytes: readonly number[]) =>
  bytes.every((byte, index) => head[index] === byte);
const ascii = (head: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...head.subarray(start, Math.min(end, head.length)));

/** The major and compatible brands of a leading `ftyp` box, as far as `head` holds them. */
function ftypBrands(head: Uint8Array): string[] {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return [];
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  if (boxSize < 16) return [];
  const end = Math.min(boxSize, head.length);
  // Major brand at 8, minor version at 12, compatible brands from 16, four bytes each.
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(ascii(head, offset, offset + 4));
  return brands;
}

/** Every image type the bytes are; empty when they are no image this product takes. */
export function imageTypesOf(head: Uint8Array): ImageContentType[] {
  if (startsWith(head, JPEG)) return ['image/jpeg'];
  if (startsWith(head, PNG)) return ['image/png'];
  const magic = ascii(head, 0, 6);
  if (magic === 'GIF87a' || magic === 'GIF89a') return ['image/gif'];
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return ['image/webp'];
  const types = new Set<ImageContentType>();
  for (const brand of ftypBrands(head)) {
    for (const type of BRAND_TYPES[brand] ?? []) types.add(type);
  }
  return [...types];
}

/**
 * The type to label an image with: the declared one when the bytes agree (a HEIC labelled
 * image/heif stays so), else what the bytes are (a PNG named .heic is a PNG); null for no image.
 */
export function realImageType(head: Uint8Array, declared: string): ImageContentType | null {
  const types = imageTypesOf(head);
  return types.find((type) => type === declared) ?? types[0] ?? null;
}
