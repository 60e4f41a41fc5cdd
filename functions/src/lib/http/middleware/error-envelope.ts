import { createLogger, errorFields } from '#lib/logger';
import { toErrorAnswer, type EnvelopeOptions } from '../envelope';
import { findRequestState } from '../request-state';
import { jsonResponse } from '../response';
import type { HttpMiddleware } from '../types';

/**
 * Whatever failed on the way becomes the one JSON error envelope. A refusal we explained is
 * logged as info; a failed dependency is a `dependency failed` warning naming the dependency and
 * the kind of failure; anything else is an error log with the error's name and stack frames only.
 */
export function errorEnvelope(routeKey: string, options: EnvelopeOptions): HttpMiddleware {
  return {
    onError: (request) => {
      const answer = toErrorAnswer(request.error, options);
      const state = findRequestState(request.event);
      const log = state?.log ?? createLogger({ route: routeKey });
      const fields = {
        status: answer.status,
        durationMs: state ? Date.now() - state.startedAt : undefined,
      };
      if (answer.expected) log.info('request refused', fields);
      else if (answer.dependency) {
        log.warn('dependency failed', {
          ...fields,
          ...errorFields(request.error),
          dependency: answer.dependency.dependency,
          reason: answer.dependency.reason,
          error: answer.dependency.error,
        });
      } else log.error('request failed', { ...fields, ...errorFields(request.error) });
      request.response = jsonResponse(
        answer.status,
        answer.body,
        request.event.requestContext?.requestId ?? request.context.awsRequestId,
        answer.headers,
      );
    },
  };
}
