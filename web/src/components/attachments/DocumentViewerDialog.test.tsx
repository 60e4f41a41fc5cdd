// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@shared/cases/api';
import { ftypHeader } from '@shared/uploads/image-fixtures';
import type { HeicConverter } from '@web/lib/heic-image';
import { installDialogPolyfill } from '@web/testing/dom';
import { CONVERTING_PHOTO, PHOTO_NOT_SHOWN } from './ConvertedImage';
import { DocumentViewerDialog } from './DocumentViewerDialog';

const HEIC = ftypHeader('heic', ['mif1', 'heic']);
const AVIF = ftypHeader('avif', ['avif', 'mif1', 'miaf']);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The stored link, as a data: URL so the viewer's real fetch reads these bytes. */
function photo(name: string, bytes: Uint8Array, type: string): Attachment {
  return {
    id: name,
    filename: `case-${name}`,
    originalName: name,
    type: 'image',
    size: bytes.length,
    url: `data:${type};base64,${Buffer.from(bytes).toString('base64')}`,
    createdAt: '2026-11-28T10:00:00.000Z',
  };
}

async function bytesOf(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}

/** A decoder that answers a JPEG and records what it was given. */
function fakeDecoder() {
  const given: Blob[] = [];
  const jpeg = new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
  const convert: HeicConverter = (heic) => {
    given.push(heic);
    return Promise.resolve(jpeg);
  };
  return { convert, given, jpeg };
}

// jsdom has no object URLs: a fake that hands out numbered ones and remembers their blobs.
const objectUrls = new Map<string, Blob>();
const revoked: string[] = [];
beforeEach(() => {
  installDialogPolyfill();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:photo-${objectUrls.size + 1}`;
        objectUrls.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }),
  );
});
afterEach(() => {
  objectUrls.clear();
  revoked.length = 0;
  vi.unstubAllGlobals();
});

function viewer(name: string) {
  return within(screen.getByRole('dialog', { name }));
}

describe('DocumentViewerDialog: photos a browser may not show', () => {
  it('converts an iPhone HEIC, saying so meanwhile, and shows the converted image', async () => {
    const decoder = fakeDecoder();
    const heic = photo('IMG_0001.HEIC', HEIC, 'image/heic');
    const { unmount } = render(
      <DocumentViewerDialog attachment={heic} onClose={() => {}} convertHeic={decoder.convert} />,
    );

    expect(viewer('IMG_0001.HEIC').getByRole('status').textContent).toBe(CONVERTING_PHOTO);
    const image = await viewer('IMG_0001.HEIC').findByRole('img', { name: 'IMG_0001.HEIC' });
    expect(decoder.given).toHaveLength(1);
    expect(await bytesOf(decoder.given[0]!)).toEqual([...HEIC]);
    const src = image.getAttribute('src')!;
    expect(objectUrls.get(src)).toBe(decoder.jpeg);
    expect(viewer('IMG_0001.HEIC').queryByRole('status')).toBeNull();

    unmount();
    expect(revoked).toEqual([src]);
  });

  it('shows an AVIF directly from its link, converting nothing', () => {
    const decoder = fakeDecoder();
    const avif = photo('photo.avif', AVIF, 'image/avif');
    render(
      <DocumentViewerDialog attachment={avif} onClose={() => {}} convertHeic={decoder.convert} />,
    );

    const image = viewer('photo.avif').getByRole('img', { name: 'photo.avif' });
    expect(image.getAttribute('src')).toBe(avif.url);
    expect(viewer('photo.avif').queryByRole('status')).toBeNull();
    expect(decoder.given).toHaveLength(0);
  });

  it('goes by the bytes: a PNG named .heic is shown as the PNG it is', async () => {
    const decoder = fakeDecoder();
    const renamed = photo('rash.heic', PNG, 'image/png');
    render(
      <DocumentViewerDialog
        attachment={renamed}
        onClose={() => {}}
        convertHeic={decoder.convert}
      />,
    );

    const image = await viewer('rash.heic').findByRole('img', { name: 'rash.heic' });
    expect(await bytesOf(objectUrls.get(image.getAttribute('src')!)!)).toEqual([...PNG]);
    expect(decoder.given).toHaveLength(0);
  });

  it('says plainly when conversion fails and offers the file to download', async () => {
    const heic = photo('IMG_0002.HEIC', HEIC, 'image/heic');
    const failing: HeicConverter = () => Promise.reject(new Error('HEIF image not found'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<DocumentViewerDialog attachment={heic} onClose={() => {}} convertHeic={failing} />);

    const alert = await viewer('IMG_0002.HEIC').findByRole('alert');
    expect(alert.textContent).toBe(PHOTO_NOT_SHOWN);
    const download = viewer('IMG_0002.HEIC').getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(heic.url);
    expect(download.getAttribute('download')).toBe('IMG_0002.HEIC');
    expect(viewer('IMG_0002.HEIC').queryByRole('img')).toBeNull();
    await waitFor(() => expect(viewer('IMG_0002.HEIC').queryByRole('status')).toBeNull());
  });
});
