import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { awsClientConfig, watchDependency } from '../core/aws-clients';
import { env } from '../core/env';

let client: SESv2Client | undefined;

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends a plain-text email through SES (the local mailbox locally). Emails carry links and, for
 * approvals, the sign-in credentials the spec requires; never case or patient details.
 */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  // Loaded on first use, not with the handler: few requests send email (docs/architecture.md,
  // "Cold start").
  const { SendEmailCommand, SESv2Client } = await import('./aws-sdk/ses');
  client ??= watchDependency(new SESv2Client(awsClientConfig()), 'SES');
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: env.sesFrom,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
