import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';

/**
 * What the Lambda bundles get in place of `@aws-sdk/credential-provider-node`, the SDK's default
 * credential chain (`handlerBundling` in infra/lib/handler-bundling.ts aliases that package to
 * this module; nothing imports it directly). The chain tries environment variables, SSO, ini
 * files, credential processes, web identity, ECS and instance metadata: about 90 KB of every
 * bundle (its STS and SSO clients included) parsed at each cold start, of which Lambda only
 * ever uses the first step, because the Node.js runtime puts the execution role's credentials in
 * `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN` (Lambda's "defined
 * runtime environment variables"). The local stack sets the same variables for the bundles it
 * runs (the sample-event replay); the unbundled code (tests, the local gateway) keeps the SDK's chain.
 * Like the chain's first step (`fromEnv` of `@aws-sdk/credential-provider-env`), it reads them
 * when the client resolves its credentials.
 */
export function defaultProvider(): AwsCredentialIdentityProvider {
  return () => {
    const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      return Promise.reject(
        new Error('No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set.'),
      );
    }
    const sessionToken = process.env.AWS_SESSION_TOKEN;
    const credentials: AwsCredentialIdentity = {
      accessKeyId,
      secretAccessKey,
      ...(sessionToken ? { sessionToken } : {}),
    };
    return Promise.resolve(credentials);
  };
}
