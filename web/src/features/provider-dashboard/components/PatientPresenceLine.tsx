import { UserRound, UserRoundX } from 'lucide-react';
import type { ProviderCaseSummary } from '@shared/cases/provider-case';
import { cn } from '@web/lib/utils';
import { useNow } from '../hooks/use-now';
import { patientPresenceText } from '../lib/patient-presence';

/**
 * The patient's presence on the visit page (issue 27 item 1), on the holder's card and in the
 * details: a polite live region, so a screen reader hears the patient arrive or leave. Nothing
 * for a case the signed-in doctor does not hold (the server sends no presence then).
 */
export function PatientPresenceLine({
  presence,
}: {
  presence: ProviderCaseSummary['patientPresence'];
}) {
  const now = useNow();
  if (!presence) return null;
  const Icon = presence.present ? UserRound : UserRoundX;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="patient-presence"
      className={cn(
        'flex items-center gap-2 text-sm font-medium',
        presence.present ? 'text-success' : 'text-muted-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {patientPresenceText(presence, now)}
    </p>
  );
}
