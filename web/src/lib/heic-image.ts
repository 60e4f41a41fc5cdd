import { IMAGE_HEAD_BYTES, imageTypesOf } from '@shared/uploads/image-signature';

/** Turns a HEIC/HEIF photo into an image every browser shows. */
export type HeicConverter = (heic: Blob) => Promise<Blob>;

/**
 * Decodes with `heic-to` (libheif compiled to JavaScript, in a worker), loaded only now: about
 * 3 MB that no page needs until a doctor opens an iPhone photo. The `csp` build runs under the
 * site's Content-Security-Policy (no eval, no WebAssembly; its worker is a blob: URL).
 */
export const convertHeicToJpeg: HeicConverter = async (heic) => {
  const { heicTo } = await import('heic-to/csp');
  return heicTo({ blob: heic, type: 'image/jpeg', quality: 0.9 });
};

/**
 * The bytes decide, not the name: a PNG renamed .heic is shown as it is, an AVIF (a HEIF too, but
 * AV1-coded, and shown by every supported browser) is never sent to the HEVC decoder.
 */
async function needsConversion(image: Blob): Promise<boolean> {
  const types = imageTypesOf(new Uint8Array(await image.slice(0, IMAGE_HEAD_BYTES).arrayBuffer()));
  if (types.includes('image/avif')) return false;
  return types.includes('image/heic') || types.includes('image/heif');
}

/** The image to show for a downloaded photo: converted when it is HEIC/HEIF, else as it is. */
export async function viewableImage(image: Blob, convert: HeicConverter): Promise<Blob> {
  return (await needsConversion(image)) ? convert(image) : image;
}
