import { CircleCheckBig } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { redirectPanelMessages } from '../lib/messages';

/** 'Your Request is Sent!' with the id the patient keeps (spec doc 1 §2). */
export function RequestSentCard({ id }: { id: string }) {
  return (
    <Card
      className="border-green-200 bg-success-soft"
      role="region"
      aria-labelledby="request-sent-title"
    >
      <CardHeader className="flex-row items-center gap-3">
        <CircleCheckBig className="size-8 shrink-0 text-success" aria-hidden="true" />
        <CardTitle asChild className="text-xl text-success-foreground">
          <h2 id="request-sent-title">{redirectPanelMessages.successCardTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-1">
          <dt className="text-sm text-success-foreground">{redirectPanelMessages.yourId}</dt>
          <dd className="font-mono text-base font-semibold break-all text-foreground">{id}</dd>
        </dl>
        <p className="mt-2 text-sm text-success-foreground">Keep this ID for your records.</p>
      </CardContent>
    </Card>
  );
}
