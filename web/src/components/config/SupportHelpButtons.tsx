import { Mail, Phone } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useSupportEmail } from '@web/lib/config/get-client-config';

/**
 * Contact Support: a mailto button for the configured address. Until the address is known it is
 * left out, or shown disabled with `disabledWithoutEmail`.
 */
export function ContactSupportButton({
  disabledWithoutEmail = false,
}: {
  disabledWithoutEmail?: boolean;
}) {
  const supportEmail = useSupportEmail();
  const contact = (
    <>
      <Mail aria-hidden="true" />
      Contact Support
    </>
  );
  if (supportEmail) {
    return (
      <Button asChild variant="outline">
        <a href={`mailto:${supportEmail}`}>{contact}</a>
      </Button>
    );
  }
  return disabledWithoutEmail ? (
    <Button variant="outline" disabled>
      {contact}
    </Button>
  ) : null;
}

/** The emergency line as a `tel:911` button. */
export function EmergencyCallButton({ label = 'Call 911' }: { label?: string }) {
  return (
    <Button asChild variant="destructive">
      <a href="tel:911">
        <Phone aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}

/** The two help actions: {@link ContactSupportButton} and {@link EmergencyCallButton}. */
export function SupportHelpButtons({
  disabledWithoutEmail = false,
}: {
  disabledWithoutEmail?: boolean;
}) {
  return (
    <>
      <ContactSupportButton disabledWithoutEmail={disabledWithoutEmail} />
      <EmergencyCallButton />
    </>
  );
}
