/**
 * The parts of this SDK client that `lib/secrets.ts` uses. It imports this module on first use, not
 * with the handler: docs/architecture.md, "Cold start", says why through a module of re-exports.
 */
export { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
