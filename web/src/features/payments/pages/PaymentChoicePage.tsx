import { ArrowRight, CreditCard, Smartphone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CONSULTATION_FEE_LABEL } from '@shared/payments/constants';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SectionCard } from '@web/components/SectionCard';
import { WaitPromiseNote } from '@web/components/config/WaitPromiseNote';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { DoctorsOnDuty } from '@web/components/doctors-on-duty/DoctorsOnDuty';
import { PackageDetails } from '../components/PackageDetails';
import { useRequiredCaseId } from '../hooks/use-case-id-param';
import { paths } from '@web/lib/paths';

/** Spec doc 1 §2: what happens after paying. */
export const NEXT_STEPS = [
  'Pay securely',
  'Available providers are notified',
  'A video meeting is created for you',
  'A provider claims your case and joins',
] as const;

export default function PaymentChoicePage() {
  useDocumentTitle('Choose Payment Method');
  const caseId = useRequiredCaseId(paths.patient);
  if (!caseId) return null;

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose Payment Method</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          One flat fee of {CONSULTATION_FEE_LABEL} for your consultation. Choose how you would like
          to pay.
        </p>
        <WaitPromiseNote className="mt-3" />
        <p className="mt-2 text-sm text-muted-foreground">
          Case ID: <span className="font-mono break-all text-foreground">{caseId}</span>
        </p>
        <div className="mt-4">
          <DoctorsOnDuty />
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1.3fr_1fr]">
        <div className="grid content-start gap-4">
          <h2 className="sr-only">Payment methods</h2>
          <Card className="border-primary/40">
            <CardHeader className="flex-row items-start gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
                <CreditCard className="size-6" aria-hidden="true" />
              </span>
              <div className="grid gap-1">
                <CardTitle asChild>
                  <h3>Credit or Debit Card</h3>
                </CardTitle>
                <CardDescription>
                  Visa, Mastercard, American Express and more, processed securely by Stripe.
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              <Button asChild size="lg" className="w-full sm:w-auto">
                <Link to={paths.cardPayment(caseId)}>
                  Pay {CONSULTATION_FEE_LABEL} with Card
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </CardContent>
          </Card>

          <Card className="bg-muted/60">
            <CardHeader className="flex-row items-start gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-background text-muted-foreground">
                <Smartphone className="size-6" aria-hidden="true" />
              </span>
              <div className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <CardTitle asChild>
                    <h3>Mobile Money (Ghana)</h3>
                  </CardTitle>
                  <Badge variant="secondary">Coming Soon</Badge>
                </div>
                <CardDescription id="mobile-money-description">
                  MTN, Vodafone and AirtelTigo mobile money through a payments provider.
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              <Button
                size="lg"
                variant="outline"
                disabled
                aria-describedby="mobile-money-description"
                className="w-full sm:w-auto"
              >
                Pay with Mobile Money (Coming Soon)
              </Button>
            </CardContent>
          </Card>
        </div>

        <div className="grid content-start gap-6">
          <PackageDetails title="Your Consultation Package" headingId="package-title" />
          <SectionCard titleId="next-steps-title" title="What Happens Next">
            <ol className="grid gap-3">
              {NEXT_STEPS.map((step, index) => (
                <li key={step} className="flex items-center gap-3">
                  <span
                    className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </SectionCard>
        </div>
      </div>
    </section>
  );
}
