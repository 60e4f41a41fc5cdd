import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import {
  askForNotifications,
  browserAlertEnvironment,
  canAskForNotifications,
  notificationsAllowed,
  type AlertEnvironment,
} from '../lib/start-alert';

/**
 * Offers the start notification (issue 27 item 1) while the patient waits: asked only from this
 * button's click, never on load. Once the browser's answer is known it says what will happen.
 */
export function StartAlertOptIn({
  environment = browserAlertEnvironment,
}: {
  environment?: () => AlertEnvironment;
}) {
  const [env] = useState(environment);
  const [answer, setAnswer] = useState<string | null>(null);
  if (!env.Notification) return null;
  if (!canAskForNotifications(env) && answer === null) {
    return notificationsAllowed(env) ? (
      <p className="text-sm text-muted-foreground">
        We will notify you when your provider starts the call.
      </p>
    ) : null;
  }
  const ask = () =>
    void askForNotifications(env).then((permission) =>
      setAnswer(
        permission === 'granted'
          ? 'We will notify you when your provider starts the call.'
          : 'Notifications are off. Keep this page open: it will sound when your provider starts.',
      ),
    );
  return answer !== null ? (
    <p role="status" className="text-sm text-muted-foreground">
      {answer}
    </p>
  ) : (
    <div>
      <Button variant="outline" onClick={ask}>
        <BellRing aria-hidden="true" />
        Notify me when my provider starts
      </Button>
    </div>
  );
}
