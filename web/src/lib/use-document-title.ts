import { useEffect } from 'react';

export const SITE_NAME = 'TeleHealth';

/** Sets `document.title` to `{title} | TeleHealth` while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
}
