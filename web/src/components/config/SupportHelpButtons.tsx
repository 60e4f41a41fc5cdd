import { Mail, Phone } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useSupportEmail } from '@web/lib/config/get-client-config';

/**
 * The two help actions: Contact Support (a mailto button for the configured address) and a
 * `tel:911` button. Until the address is known, Contact Support is left out, or shown disabled
 * with `disabledWithoutEmail`.
 */
export function SupportHelpButtons({
  emergencyLabel = 'Call 911',
  disabledWithoutEmail = false,
}: {
  emergencyLabel?: string;
  disabledWithoutEmail?: boolean;
}) {
  const supportEmail = useSupportEmail();
  const contact = (
    <>
      <Mail aria-hidden="true" />
      Contact Support
    </>
  );
  return (
    <>
      {supportEmail ? (
        <Button asChild variant="outline">
          <a href={`mailto:${supportEmail}`}>{contact}</a>
        </Button>
      ) : disabledWithoutEmail ? (
        <Button variant="outline" disabled>
          {contact}
        </Button>
      ) : null}
      <Button asChild variant="destructive">
        <a href="tel:911">
          <Phone aria-hidden="true" />
          {emergencyLabel}
        </a>
      </Button>
    </>
  );
}
