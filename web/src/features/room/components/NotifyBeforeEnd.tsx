import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { askToNotify, canAskToNotify } from '@web/lib/notifications';

/**
 * The doctor's offer to be told of the two-minute warning in another tab: the browser's
 * notification question, asked on this click (never on load). Gone once answered.
 */
export function NotifyBeforeEnd() {
  const [asking, setAsking] = useState(canAskToNotify);
  if (!asking) return null;
  return (
    <Button
      variant="outline"
      onClick={() => {
        void askToNotify().then(() => setAsking(canAskToNotify()));
      }}
    >
      <BellRing aria-hidden="true" />
      Notify Me Before the End
    </Button>
  );
}
