/**
 * The parts of this SDK client that `lib/email.ts` uses. It imports this module on first use, not
 * with the handler: docs/architecture.md, "Cold start", says why through a module of re-exports.
 */
export { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
