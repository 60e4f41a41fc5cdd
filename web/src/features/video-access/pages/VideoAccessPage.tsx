import { CircleAlert, Video } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { patientIdSchema } from '@shared/patients/api';
import { RequirePatientKey } from '@web/components/RequirePatientKey';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { VIDEO_ACCESS_TEXT, VideoAccessPanel } from '../components/VideoAccessPanel';
import { paths } from '@web/lib/paths';

export default function VideoAccessPage() {
  useDocumentTitle('Video Consultation Access');
  const [searchParams] = useSearchParams();
  const patientId = searchParams.get('patient_id')?.trim() ?? '';
  const validId = patientIdSchema.safeParse(patientId).success;

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
          <Video className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Video Consultation Access</h1>
      </div>
      <p className="mt-3 text-muted-foreground">
        Your private 15-minute video consultation with a licensed provider.
      </p>
      <div className="mt-8">
        {validId ? (
          <RequirePatientKey id={patientId}>
            <VideoAccessPanel patientId={patientId} />
          </RequirePatientKey>
        ) : (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>This access link is not valid</AlertTitle>
            <AlertDescription className="grid gap-3">
              <p>{VIDEO_ACCESS_TEXT.error}</p>
              <div>
                <Button asChild variant="outline">
                  <Link to={paths.patientTelehealth}>Start New Request</Link>
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        )}
      </div>
    </section>
  );
}
