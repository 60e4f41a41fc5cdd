import { ArrowLeft, FileQuestion, House } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { IconLinkButton } from '@web/components/IconLinkButton';
import { MessagePage } from '@web/components/MessagePage';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { paths } from '@web/lib/paths';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  const navigate = useNavigate();

  return (
    <MessagePage
      icon={FileQuestion}
      tone="primary"
      eyebrow="Error 404"
      title="Page Not Found"
      actions={
        <>
          <IconLinkButton to={paths.home} icon={House} size="lg">
            Go Home
          </IconLinkButton>
          <Button size="lg" variant="outline" onClick={() => void navigate(-1)}>
            <ArrowLeft aria-hidden="true" />
            Go Back
          </Button>
        </>
      }
    >
      The page you are looking for does not exist or has moved. Check the address, or use the
      buttons below.
    </MessagePage>
  );
}
