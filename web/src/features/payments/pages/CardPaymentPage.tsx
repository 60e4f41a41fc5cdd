import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CreateCheckoutSessionResponse } from '@shared/cases/api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { clientConfigQueryOptions } from '@web/lib/config/get-client-config';
import { toast } from '@web/hooks/use-toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useCompleteManualPayment } from '@web/lib/manual-payment';
import { createCheckoutSession } from '../api/create-checkout-session';
import { PackageDetails, PAYMENT_SUMMARY_ITEMS } from '../components/PackageDetails';
import { useRequiredCaseId } from '../hooks/use-case-id-param';
import { createEmbeddedCheckout, loadStripeJs } from '../lib/load-stripe';
import type { StripeEmbeddedCheckout } from '../types/stripe-js';
import { paths } from '@web/lib/paths';

/** Spec doc 1 §8: no checkout session, or one without a client secret. */
export const PAYMENT_SETUP_FAILED_TOAST = {
  title: 'Payment Setup Failed',
  description: 'Unable to initialize payment. Please try again.',
} as const;

export default function CardPaymentPage() {
  useDocumentTitle('Secure Payment');
  const caseId = useRequiredCaseId(paths.patientTelehealth);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const containerRef = useRef<HTMLDivElement>(null);
  // One Checkout Session per case and page visit, even when the effect runs twice (StrictMode).
  const sessionRef = useRef<{
    caseId: string;
    promise: Promise<CreateCheckoutSessionResponse>;
  } | null>(null);
  const [ready, setReady] = useState(false);

  const complete = useCompleteManualPayment({
    onSuccess: ({ next }) => void navigate(next),
    // Spec doc 1 §8: a failed status update is only logged; no message, no navigation.
    onError: () => console.warn('Payment status update failed'),
  });

  const onCheckoutComplete = useEffectEvent(() => {
    if (caseId) complete.mutate(caseId);
  });

  const onSetupFailed = useEffectEvent(() => {
    if (!caseId) return;
    console.warn('Payment setup failed');
    toast({ variant: 'destructive', ...PAYMENT_SETUP_FAILED_TOAST });
    void navigate(paths.paymentChoice(caseId), { replace: true });
  });

  useEffect(() => {
    if (!caseId) return;
    let cancelled = false;
    let checkout: StripeEmbeddedCheckout | null = null;

    if (sessionRef.current?.caseId !== caseId) {
      const promise = createCheckoutSession({ caseId, mode: 'embedded' });
      // Awaited below; a failure before that point (config, script) must not go unhandled.
      promise.catch(() => undefined);
      sessionRef.current = { caseId, promise };
    }
    const sessionPromise = sessionRef.current.promise;

    async function setUp() {
      const config = await queryClient.fetchQuery(clientConfigQueryOptions());
      const [Stripe, session] = await Promise.all([
        loadStripeJs(config.stripeJsUrl),
        sessionPromise,
      ]);
      const { clientSecret } = session;
      if (!clientSecret) throw new Error('The checkout session has no client secret');
      if (cancelled) return;

      const created = await createEmbeddedCheckout(Stripe, config.stripePublishableKey, {
        fetchClientSecret: () => Promise.resolve(clientSecret),
        onComplete: () => onCheckoutComplete(),
      });
      if (cancelled || !containerRef.current) {
        created.destroy();
        return;
      }
      checkout = created;
      created.mount(containerRef.current);
      setReady(true);
    }

    setUp().catch(() => {
      if (!cancelled) onSetupFailed();
    });

    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [caseId, queryClient]);

  if (!caseId) return null;

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to={paths.paymentChoice(caseId)}>
          <ArrowLeft aria-hidden="true" />
          Back to payment options
        </Link>
      </Button>
      <div className="mt-4 flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-lg bg-primary-soft text-primary">
          <Lock className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Secure Payment</h1>
      </div>
      <p className="mt-3 text-muted-foreground">
        Your card details go straight to Stripe over an encrypted connection; we never see or store
        them.
      </p>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[1fr_1.4fr]">
        <PackageDetails
          title="Payment Summary"
          headingId="payment-summary-title"
          items={PAYMENT_SUMMARY_ITEMS}
          showTotal
        />

        <Card role="region" aria-labelledby="card-details-title">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="card-details-title">Card Details</h2>
            </CardTitle>
            <CardDescription>Enter your card to pay and start your consultation.</CardDescription>
          </CardHeader>
          <CardContent>
            <div aria-live="polite">
              {!ready ? (
                <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
                  <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
                  Setting up payment...
                </p>
              ) : complete.isPending ? (
                <p role="status" className="mb-4 flex items-center gap-2 text-muted-foreground">
                  <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
                  Confirming your payment...
                </p>
              ) : null}
            </div>
            <div
              ref={containerRef}
              data-testid="embedded-checkout"
              aria-busy={!ready}
              className="min-h-0"
            />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
