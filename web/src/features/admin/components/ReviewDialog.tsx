import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminApplication } from '@shared/admin/api';
import { formatApplicationId } from '@shared/doctor-applications/application-id';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeDialog } from '@web/components/ui/native-dialog';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { formatDate } from '@web/lib/dates';
import { useReviewApplication } from '../api/review-application';
import { adminToasts, NOT_PROVIDED, yearsOfExperience } from '../lib/labels';
import { ApplicationDocuments } from './ApplicationDocuments';
import { ResetSecondFactor } from './ResetSecondFactor';
import { DetailField, DetailSection } from '@web/components/DetailList';
import { ApplicationStatusBadge } from './StatusBadges';

/**
 * Review of one application (spec doc 2 §2, §4): details, documents, notes, and Approve or
 * Reject whatever the current status. After a decision the lists and stats refresh, the dialog
 * closes and the notes are cleared (they live in the dialog's content, which unmounts).
 */
export function ReviewDialog({
  application,
  onClose,
}: {
  application: AdminApplication | null;
  /** Closes the dialog if it still shows `applicationId` (omitted: whatever it shows). */
  onClose: (applicationId?: string) => void;
}) {
  return (
    <NativeDialog
      open={application !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Review Application"
      description={
        application ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{formatApplicationId(application.applicationId)}</span>
            <ApplicationStatusBadge status={application.status} />
          </span>
        ) : undefined
      }
      className="max-w-3xl"
    >
      {application ? (
        <ReviewContent key={application.id} application={application} onClose={onClose} />
      ) : null}
    </NativeDialog>
  );
}

function ReviewContent({
  application,
  onClose,
}: {
  application: AdminApplication;
  onClose: (applicationId?: string) => void;
}) {
  const [notes, setNotes] = useState('');
  const documentsId = useId();
  const notesId = useId();
  const done = () => onClose(application.id);
  const approve = useReviewApplication('approve', {
    onSuccess: () => {
      toast(adminToasts.approved);
      done();
    },
    onError: () => toast({ variant: 'destructive', ...adminToasts.approveFailed }),
  });
  const reject = useReviewApplication('reject', {
    onSuccess: () => {
      toast(adminToasts.rejected);
      done();
    },
    onError: () => toast({ variant: 'destructive', ...adminToasts.rejectFailed }),
  });
  const busy = approve.isPending || reject.isPending;
  const variables = { id: application.id, notes, expectedVersion: application.version };

  return (
    <>
      <DetailSection title="Personal Information">
        <DetailField label="Full Name">{application.fullName}</DetailField>
        <DetailField label="Email">{application.email}</DetailField>
        <DetailField label="Phone">{application.phoneNumber}</DetailField>
        <DetailField label="Date of Birth">{NOT_PROVIDED}</DetailField>
        <DetailField label="Application Date">
          {formatDate(application.applicationDate)}
        </DetailField>
      </DetailSection>
      <DetailSection title="Professional Details">
        <DetailField label="Specialization">{application.specialization}</DetailField>
        <DetailField label="Medical License">{application.medicalLicenseNumber}</DetailField>
        <DetailField label="License State">{application.licenseState}</DetailField>
        <DetailField label="Years of Experience">
          {yearsOfExperience(application.yearsExperience)}
        </DetailField>
        <DetailField label="Hospital Affiliation">
          {application.hospitalAffiliation.trim() || NOT_PROVIDED}
        </DetailField>
      </DetailSection>
      <section aria-labelledby={documentsId} className="flex flex-col gap-2">
        <h3 id={documentsId} className="text-sm font-semibold">
          Documents
        </h3>
        <ApplicationDocuments id={application.id} />
      </section>
      {application.status === 'approved' ? <ResetSecondFactor id={application.id} /> : null}
      <div className="flex flex-col gap-2">
        <Label htmlFor={notesId}>Administrative Notes</Label>
        <Textarea
          id={notesId}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={2000}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onClose()}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={busy} onClick={() => reject.mutate(variables)}>
          {reject.isPending ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <CircleX aria-hidden="true" />
          )}
          Reject
        </Button>
        <Button
          disabled={busy}
          onClick={() => approve.mutate(variables)}
          className="bg-success text-white hover:bg-success-foreground"
        >
          {approve.isPending ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <CircleCheck aria-hidden="true" />
          )}
          Approve
        </Button>
      </div>
    </>
  );
}
