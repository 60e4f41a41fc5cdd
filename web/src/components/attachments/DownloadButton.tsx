import { Download } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * The file itself, saved under its own name: offered wherever the page cannot show a document
 * (no preview for its kind, or a photo that failed to convert).
 */
export function DownloadButton({ url, name }: { url: string; name: string }) {
  return (
    <Button asChild variant="outline">
      <a href={url} download={name}>
        <Download aria-hidden="true" />
        Download
      </a>
    </Button>
  );
}
