import { useState } from 'react';
import type { Attachment } from '@shared/cases/api';
import { AttachmentList } from '@web/components/attachments/AttachmentList';
import { DocumentViewerDialog } from '@web/components/attachments/DocumentViewerDialog';
import { ErrorState, LoadingState } from '@web/components/states';
import { useApplicationAttachments } from '../api/get-application-attachments';
import { adminMessages } from '../lib/labels';

/** The documents an applicant uploaded; each opens in the document viewer. */
export function ApplicationDocuments({ id }: { id: string }) {
  const attachments = useApplicationAttachments(id);
  const [viewing, setViewing] = useState<Attachment | null>(null);

  if (attachments.isPending) return <LoadingState label="Loading documents..." className="py-4" />;
  if (attachments.isError) return <ErrorState message={adminMessages.attachmentsFailed} />;
  if (attachments.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No documents uploaded</p>;
  }

  return (
    <>
      <AttachmentList attachments={attachments.data} onSelect={setViewing} />
      <DocumentViewerDialog attachment={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
