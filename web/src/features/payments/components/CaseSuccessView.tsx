import { ArrowRight, Bell, CircleCheckBig, Timer, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONSULTATION_FEE_LABEL } from '@shared/payments/constants';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/SectionCard';
import { PaymentHero } from './PaymentHero';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { IconList } from './IconList';
import { paths } from '@web/lib/paths';

/** Spec doc 1 §9: the success page moves on after 3 seconds. */
export const SUCCESS_COUNTDOWN_SECONDS = 3;

export const SUCCESS_ACTIVITIES = [
  { icon: Video, text: 'Creating your secure video room' },
  { icon: Bell, text: 'Notifying available providers' },
  { icon: Timer, text: 'Preparing your 15-minute consultation' },
] as const;

/** `/payment-success?case_id=`: confirmation, then the processing page after 3 seconds. */
export function CaseSuccessView({ caseId }: { caseId: string }) {
  useDocumentTitle('Payment Successful!');
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_COUNTDOWN_SECONDS);
  const nextPath = paths.paymentProcessing(caseId);

  useEffect(() => {
    if (secondsLeft <= 0) {
      void navigate(nextPath, { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, navigate, nextPath]);

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 text-center sm:px-6 sm:py-14">
      <PaymentHero icon={CircleCheckBig} tone="success" title="Payment Successful!">
        Your payment of {CONSULTATION_FEE_LABEL} has been confirmed.
      </PaymentHero>
      <p className="mt-2 text-sm text-muted-foreground">
        Case ID: <span className="font-mono break-all text-foreground">{caseId}</span>
      </p>

      <SectionCard
        titleId="happening-now-title"
        title="What is happening now"
        className="mt-8 text-left"
      >
        <IconList items={SUCCESS_ACTIVITIES} />
      </SectionCard>

      <p className="mt-8 text-muted-foreground" role="timer" aria-live="off">
        Continuing in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}...
      </p>
      <Button size="lg" className="mt-4" onClick={() => void navigate(nextPath, { replace: true })}>
        Continue Now
        <ArrowRight aria-hidden="true" />
      </Button>
    </section>
  );
}
