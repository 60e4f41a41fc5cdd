import { formatApplicationId } from '@shared/doctor-applications/application-id';

/** The "Application ID" term and its formatted id, the first pair of a status list. */
export function ApplicationIdTerm({ applicationId }: { applicationId: string }) {
  return (
    <>
      <dt className="text-muted-foreground">Application ID</dt>
      <dd className="font-mono font-semibold break-all">{formatApplicationId(applicationId)}</dd>
    </>
  );
}
