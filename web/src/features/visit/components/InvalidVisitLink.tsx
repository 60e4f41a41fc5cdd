import { LinkIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MessagePage } from '@web/components/MessagePage';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { paths } from '@web/lib/paths';

/** Spec doc 1 §2: a visit link whose case id is malformed or unknown. */
export function InvalidVisitLink() {
  useDocumentTitle('Invalid Visit Link');
  return (
    <MessagePage
      icon={LinkIcon}
      tone="danger"
      title="Invalid Visit Link"
      actions={
        <Button asChild size="lg">
          <Link to={paths.patientTelehealth}>Start New Consultation</Link>
        </Button>
      }
    >
      This visit link is not valid or has expired
    </MessagePage>
  );
}
