import type { Template } from 'aws-cdk-lib/assertions';
import { gatewayAuthorizers, httpRoutes, scheduledTargets, webSocketRoutes } from '#routes';
import { handlerFunctionName } from '../lib/handler-functions';
import { onlyResource, synth } from './synth';

/** Distinct handler modules of the manifest, computed here independently of infra/lib. */
export const handlers: readonly string[] = [
  ...new Set<string>([
    ...Object.values(httpRoutes).map((route) => route.handler),
    ...Object.values(webSocketRoutes),
    ...Object.values(scheduledTargets),
    ...Object.values(gatewayAuthorizers),
  ]),
];

/** The dev stage's function of `handler`: its logical id and properties. */
export function devFunctionOf(
  template: Template,
  handler: string,
): [string, Record<string, unknown>] {
  return onlyResource(
    template,
    'AWS::Lambda::Function',
    (properties) => properties.FunctionName === handlerFunctionName('dev', handler),
  );
}

/** Each handler's environment variables, in the dev stage synthesized with `context`. */
export function devVariablesByHandler(
  context: Record<string, string>,
): Record<string, Record<string, unknown>> {
  const { template } = synth('dev', context);
  return Object.fromEntries(
    handlers.map((handler) => {
      const [, fn] = devFunctionOf(template, handler);
      return [handler, (fn.Environment as { Variables: Record<string, unknown> }).Variables];
    }),
  );
}
