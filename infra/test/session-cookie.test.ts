import { describe, expect, it } from 'vitest';
import { sessionCookieName } from '#lib/auth/cookies';
import { envNames } from '#core/env';
import { adminLogin, providerLogin } from '#routes';
import { handlerFunctionName } from '../lib/handler-functions';
import { onlyResource, synth } from './synth';

/**
 * Issue 25 (review L3): the cloud serves the app over TLS only, so the functions that write the
 * session cookie (and every one that reads it) name it `__Host-th_session`. The name follows from
 * `APP_ORIGIN`'s scheme (functions/src/lib/auth/cookies.ts); this shows which scheme a stage sets.
 */
describe('the session cookie on a cloud stage', () => {
  it.each(['dev', 'prod'])('is __Host-th_session on %s (APP_ORIGIN is https)', (stage) => {
    const { template } = synth(stage);
    for (const handler of [providerLogin.handler, adminLogin.handler]) {
      const [, fn] = onlyResource(
        template,
        'AWS::Lambda::Function',
        (properties) => properties.FunctionName === handlerFunctionName(stage, handler),
      );
      const variables = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
      const origin = variables[envNames.appOrigin];
      // A literal for a custom domain, a join around CloudFront's domain name otherwise.
      const scheme = typeof origin === 'string' ? origin : JSON.stringify(origin);
      const overTls = /^(\{"Fn::Join":\["",\[")?https:\/\//.test(scheme);
      expect(overTls, `${handler}: ${scheme}`).toBe(true);
      expect(sessionCookieName(overTls)).toBe('__Host-th_session');
    }
  });
});
