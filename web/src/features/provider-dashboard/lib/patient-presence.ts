import type { ProviderCaseSummary } from '@shared/cases/provider-case';

export type PatientPresence = NonNullable<ProviderCaseSummary['patientPresence']>;

/**
 * What the holding doctor reads of the patient's presence on the visit page (issue 27 item 1):
 * 'Patient is here' while a patient page is connected, else when it was last seen, in whole
 * minutes as the dashboard's clock ticks ('Patient last seen 3 min ago'), or that the patient
 * has not opened it since the case was paid.
 */
export function patientPresenceText(presence: PatientPresence, now: Date): string {
  if (presence.present) return 'Patient is here';
  if (!presence.lastSeenAt) return 'Patient has not opened the visit page yet';
  const minutes = Math.floor((now.getTime() - Date.parse(presence.lastSeenAt)) / 60_000);
  if (minutes < 1) return 'Patient last seen just now';
  if (minutes < 60) return `Patient last seen ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `Patient last seen ${hours} h ago`;
}
