import { CircleX, CreditCard, House, RotateCcw } from 'lucide-react';
import { IconLinkButton } from '@web/components/IconLinkButton';
import { SectionCard } from '@web/components/SectionCard';
import {
  ContactSupportButton,
  EmergencyCallButton,
} from '@web/components/config/SupportHelpButtons';
import { SupportEmailLink } from '@web/components/config/SupportEmailLink';
import { PaymentHero } from '../components/PaymentHero';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useQueryParam } from '../hooks/use-case-id-param';
import { paths } from '@web/lib/paths';

export const CANCEL_REASONS = [
  'You chose to cancel the payment',
  'Your card was declined by your bank',
  'The payment page timed out before the payment was finished',
  'A connection problem interrupted the payment',
] as const;

export const CANCEL_SOLUTIONS = [
  {
    title: 'Card declined',
    text: 'Check the card number, expiry date and security code, or ask your bank to allow the payment.',
  },
  {
    title: 'Slow payment',
    text: 'Wait a moment and try again on a stable connection. You are not charged twice.',
  },
  {
    title: 'Other methods',
    text: 'Try another credit or debit card. Mobile money is coming soon.',
  },
] as const;

/** `/payment-cancelled` (optional `case_id`): nothing charged; how to try again or get help. */
export default function PaymentCancelledPage() {
  useDocumentTitle('Payment Cancelled');
  const caseId = useQueryParam('case_id');

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="text-center">
        <PaymentHero icon={CircleX} tone="warning" title="Payment Cancelled">
          Your payment was not completed and no charge was made to your card.
        </PaymentHero>
        {caseId ? (
          <p className="mt-2 text-muted-foreground">
            Your case has been saved and is available for 24 hours, so you can finish paying later.
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {caseId ? (
            <IconLinkButton to={paths.paymentChoice(caseId)} icon={CreditCard} size="lg">
              Try Payment Again
            </IconLinkButton>
          ) : null}
          <IconLinkButton
            to={paths.patientTelehealth}
            icon={RotateCcw}
            size="lg"
            variant={caseId ? 'outline' : 'default'}
          >
            Start New Request
          </IconLinkButton>
          <IconLinkButton to={paths.home} icon={House} size="lg" variant="outline">
            Return to Home
          </IconLinkButton>
        </div>
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <SectionCard titleId="reasons-title" title="Possible Reasons" contentClassName="grid gap-5">
          <ul className="grid list-disc gap-2 pl-5">
            {CANCEL_REASONS.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {/* The second version's two actions (spec doc 1 §2): a fresh request, or a person. */}
          <div className="flex flex-wrap gap-3">
            <IconLinkButton to={paths.patientTelehealth} icon={RotateCcw} variant="outline">
              Start Over
            </IconLinkButton>
            <ContactSupportButton disabledWithoutEmail />
          </div>
        </SectionCard>

        <SectionCard titleId="solutions-title" title="Common Solutions">
          <dl className="grid gap-3">
            {CANCEL_SOLUTIONS.map(({ title, text }) => (
              <div key={title}>
                <dt className="font-semibold">{title}</dt>
                <dd className="text-sm text-muted-foreground">{text}</dd>
              </div>
            ))}
          </dl>
        </SectionCard>

        <SectionCard
          titleId="help-title"
          title="Need Help?"
          className="md:col-span-2"
          contentClassName="grid gap-4 md:grid-cols-2"
        >
          <div className="grid content-start gap-3 text-sm">
            <p>
              <strong>Payment issues:</strong> if your card keeps being declined or you were charged
              without reaching your visit, email <SupportEmailLink /> with your case ID.
            </p>
            <p>
              <strong>Technical problems:</strong> if the payment page does not load, refresh it or
              try another browser. Still stuck? Write to <SupportEmailLink />.
            </p>
            <p>
              <strong>Billing contact:</strong> <SupportEmailLink />
            </p>
          </div>
          <div className="grid content-start gap-3">
            <EmergencyCallButton label="Call 911 for emergencies" />
          </div>
        </SectionCard>
      </div>
    </section>
  );
}
