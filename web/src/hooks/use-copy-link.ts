import { useState } from 'react';

/**
 * Copies a link to the clipboard: `copied` is null until tried, then whether it worked (in-app
 * browsers and insecure pages have no clipboard: the page then asks to select and copy by hand).
 */
export function useCopyLink(link: string): { copied: boolean | null; copy: () => void } {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setCopied(false);
      return;
    }
    clipboard.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return { copied, copy };
}
