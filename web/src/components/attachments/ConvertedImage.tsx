import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '@web/components/states';
import { type HeicConverter, viewableImage } from '@web/lib/heic-image';
import { DownloadButton } from './DownloadButton';

export const CONVERTING_PHOTO = 'Converting photo...';
export const PHOTO_NOT_SHOWN = 'This photo could not be shown here. Download it to open it.';

/** An image preview's look, shared with the viewer's directly shown images. */
export const previewImageClassName =
  'mx-auto max-h-[70dvh] w-auto rounded-lg border object-contain';

/** The outcome for one link; none yet (or one for an earlier link) means it is converting. */
type Shown = { url: string } & ({ state: 'shown'; src: string } | { state: 'failed' });

/**
 * A photo the browser may not show as it is (an iPhone HEIC): downloaded, converted in the page
 * when its bytes are HEIC/HEIF, and shown from memory. While it converts it says so; when the
 * download, the conversion or the image fails it says that plainly and offers the file itself.
 */
export function ConvertedImage({
  url,
  name,
  convert,
}: {
  url: string;
  name: string;
  convert: HeicConverter;
}) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    let src: string | null = null;
    void (async () => {
      try {
        const response = await fetch(url, { signal: abort.signal });
        if (!response.ok) throw new Error(`The photo could not be downloaded (${response.status})`);
        const image = await viewableImage(await response.blob(), convert);
        if (abort.signal.aborted) return;
        src = URL.createObjectURL(image);
        setShown({ url, state: 'shown', src });
      } catch (error) {
        if (abort.signal.aborted) return;
        console.error('Could not show the photo', error);
        setShown({ url, state: 'failed' });
      }
    })();
    return () => {
      abort.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [url, convert]);

  if (shown === null || shown.url !== url) return <LoadingState label={CONVERTING_PHOTO} />;
  if (shown.state === 'failed') {
    return (
      <div className="flex flex-col items-center gap-4">
        <ErrorState message={PHOTO_NOT_SHOWN} />
        <DownloadButton url={url} name={name} />
      </div>
    );
  }
  return (
    <img
      src={shown.src}
      alt={name}
      onError={() => setShown({ url, state: 'failed' })}
      className={previewImageClassName}
    />
  );
}
