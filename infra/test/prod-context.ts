/**
 * The `-c` values `prod` cannot synthesize without (infra/lib/stage-config.ts): a domain with its
 * us-east-1 certificate, a live publishable key, the support address and the SES sender. Example
 * values: only their presence and form matter to the template. Plus the alarm email, which
 * every real `prod` sets. The infra tests and
 * `npm run nag:doc` synthesize `prod` with them, as the first-deploy checklist does with real ones.
 */
export const prodContext = {
  domainName: 'app.example.org',
  certificateArn:
    'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  stripePublishableKey: 'pk_live_example',
  supportEmail: 'support@example.org',
  sesFrom: 'no-reply@example.org',
  // Not required, but every real prod has it (the checklist's step 2).
  alarmEmail: 'ops@example.org',
} as const satisfies Record<string, string>;
