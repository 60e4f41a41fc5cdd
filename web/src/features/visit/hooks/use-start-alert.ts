import { useEffect, useRef } from 'react';
import type { CaseStatus } from '@shared/cases/status';
import {
  alertCallStarting,
  browserAlertEnvironment,
  type AlertEnvironment,
} from '../lib/start-alert';

/**
 * Alerts the patient once when the case moves into `in_call` while the visit page is open (the
 * doctor clicked Start Call, and the 15 minutes run): `lib/start-alert.ts`. A page opened on a
 * case already in the call does not alert (the patient came on their own). The alert's title
 * is put back when the patient has looked: the tab shown again, or the page left.
 */
export function useStartAlert(
  status: CaseStatus | undefined,
  environment: () => AlertEnvironment = browserAlertEnvironment,
): void {
  const previous = useRef<CaseStatus | undefined>(undefined);
  const makeEnvironment = useRef(environment);

  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status !== 'in_call' || before === undefined || before === 'in_call') return;
    const restoreTitle = alertCallStarting(makeEnvironment.current());
    const seen = () => {
      if (document.visibilityState === 'visible') restoreTitle();
    };
    document.addEventListener('visibilitychange', seen);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      restoreTitle();
    };
  }, [status]);
}
