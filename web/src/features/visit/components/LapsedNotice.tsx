import { Hourglass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CONSULTATION_FEE_LABEL } from '@shared/payments/constants';
import { moneyTexts } from '@shared/payments/money';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { paths } from '@web/lib/paths';

/** "No doctor started your consultation within W minutes." (issue 28 item 3). */
export function lapsedText(minutes: number): string {
  return `No doctor started your consultation within ${minutes} minutes.`;
}

/** What "Keep waiting" does, said before the patient chooses it. */
export const KEEP_WAITING_TEXT = `To keep waiting, authorize ${CONSULTATION_FEE_LABEL} on your card again: you keep your place in the queue and are charged only when your consultation takes place.`;

/**
 * The wait promise kept (issue 28 item 3, docs/adr/0025): no doctor started the consultation in
 * time, so the authorization was released and the case awaits payment again. "Keep waiting"
 * goes to the payment choice page of the same case (it states the promise again before the
 * patient authorizes; the patient's key stays in this browser), and once authorized again the
 * case is back in the queue in its first place. Announced once, when it appears on the push.
 */
export function LapsedNotice({ caseId, minutes }: { caseId: string; minutes: number }) {
  return (
    <Card
      role="region"
      aria-labelledby="lapsed-title"
      className="border-l-4 border-l-amber-500"
      data-testid="wait-promise-lapsed"
    >
      <CardHeader className="flex-row items-center gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-muted">
          <Hourglass className="size-6" aria-hidden="true" />
        </span>
        <div role="status" aria-atomic="true" className="grid gap-1">
          <CardTitle asChild>
            <h2 id="lapsed-title" className="text-xl">
              {lapsedText(minutes)}
            </h2>
          </CardTitle>
          <p className="text-muted-foreground">{moneyTexts.released}</p>
        </div>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3">
        <p id="keep-waiting-description" className="text-sm text-muted-foreground">
          {KEEP_WAITING_TEXT}
        </p>
        <Button asChild size="lg">
          <Link to={paths.paymentChoice(caseId)} aria-describedby="keep-waiting-description">
            Keep waiting
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
