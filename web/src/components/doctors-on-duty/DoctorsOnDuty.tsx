import { useEffect, useState, type ComponentType } from 'react';
import { CHECKING_DOCTORS_ON_DUTY } from './doctors-on-duty-text';

/**
 * "N doctors on duty now" before paying (issue 28 item 4), on the landing and the payment-choice
 * page, in a polite live region: a change of the count is announced. The count, its query and
 * its schema load after the page (`DoctorsOnDutyCount`): the landing's first load has no room
 * for them (issue 12's budget) and its prerendered HTML shows the checking text. With none on
 * duty the line says so; the wait promise next to it (`WaitPromiseNote`) says what that means.
 */
export function DoctorsOnDuty() {
  const [Count, setCount] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let mounted = true;
    import('./DoctorsOnDutyCount').then(
      (module) => mounted && setCount(() => module.default),
      () => mounted && setFailed(true),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <p role="status" aria-live="polite" className="text-sm font-medium text-foreground">
      {Count ? <Count /> : failed ? null : CHECKING_DOCTORS_ON_DUTY}
    </p>
  );
}
