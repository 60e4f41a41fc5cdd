import { doctorsOnDutyText } from '@shared/payments/before-paying';
import { CHECKING_DOCTORS_ON_DUTY } from './doctors-on-duty-text';
import { useDoctorsOnDuty } from './use-doctors-on-duty';

/**
 * "N doctors on duty now" before paying (issue 28 item 4), on the landing and the payment-choice
 * page, in a polite live region: a change of the count is announced. The prerendered landing
 * shows the checking text until the first count is in. A count that cannot be read says
 * nothing, rather than something false: the line goes. With none on duty the line says so; the
 * wait promise next to it (`WaitPromiseNote`) says what that means.
 */
export function DoctorsOnDuty() {
  const { count, failed } = useDoctorsOnDuty();
  return (
    <p role="status" aria-live="polite" className="text-sm font-medium text-foreground">
      {count !== undefined ? doctorsOnDutyText(count) : failed ? null : CHECKING_DOCTORS_ON_DUTY}
    </p>
  );
}
