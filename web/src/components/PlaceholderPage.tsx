import { ArrowLeft, Construction } from 'lucide-react';
import { IconLinkButton } from '@web/components/IconLinkButton';
import { MessagePage } from '@web/components/MessagePage';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Stands in for a page whose feature is not built yet: its real title and a way home. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);

  return (
    <MessagePage
      icon={Construction}
      tone="primary"
      title={title}
      actions={
        <IconLinkButton to="/" icon={ArrowLeft} size="lg">
          Back to Home
        </IconLinkButton>
      }
    >
      This part of the service is being built and will be available soon.
    </MessagePage>
  );
}
