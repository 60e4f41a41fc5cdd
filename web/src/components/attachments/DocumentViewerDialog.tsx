import { ExternalLink } from 'lucide-react';
import type { Attachment } from '@shared/cases/api';
import { Button } from '@web/components/ui/button';
import { NativeDialog } from '@web/components/ui/native-dialog';
import {
  attachmentName,
  documentTypeLabel,
  formatFileSize,
  PREVIEW_NOT_AVAILABLE,
  previewKind,
} from '@web/lib/attachments';
import { convertHeicToJpeg, type HeicConverter } from '@web/lib/heic-image';
import { ConvertedImage, previewImageClassName } from './ConvertedImage';
import { DownloadButton } from './DownloadButton';

/**
 * One document (spec doc 2 §2): pdf in a frame, jpg/jpeg/png/gif (and webp/avif) as an image,
 * an iPhone photo (heic/heif) converted in the page first, anything else 'Preview not available'
 * with Download and Open. The link is a short-lived presigned URL.
 */
export function DocumentViewerDialog({
  attachment,
  onClose,
  convertHeic = convertHeicToJpeg,
}: {
  attachment: Attachment | null;
  onClose: () => void;
  /** How a HEIC/HEIF photo becomes a viewable image; tests give a fake decoder. */
  convertHeic?: HeicConverter;
}) {
  const name = attachment ? attachmentName(attachment) : '';
  const url = attachment?.url ?? null;
  const kind = attachment && url ? previewKind(name) : 'none';

  return (
    <NativeDialog
      open={attachment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={name}
      description={
        attachment
          ? `${documentTypeLabel(attachment.type)} · ${formatFileSize(attachment.size)}`
          : undefined
      }
      className="max-w-4xl"
    >
      {url && kind === 'pdf' ? (
        <iframe title={name} src={url} className="h-[70dvh] w-full rounded-lg border bg-muted" />
      ) : null}
      {url && kind === 'image' ? (
        <img src={url} alt={name} className={previewImageClassName} />
      ) : null}
      {url && kind === 'convert' ? (
        <ConvertedImage url={url} name={name} convert={convertHeic} />
      ) : null}
      {kind === 'none' ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-4 py-10 text-center">
          <p className="text-sm text-muted-foreground">{PREVIEW_NOT_AVAILABLE}</p>
          {url ? (
            <div className="flex flex-wrap justify-center gap-2">
              <DownloadButton url={url} name={name} />
              <Button asChild variant="outline">
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Open
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </NativeDialog>
  );
}
