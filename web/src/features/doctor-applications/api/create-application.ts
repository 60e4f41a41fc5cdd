import { createDoctorApplication as createApplicationRoute } from '@shared/doctor-applications/contracts';
import {
  applicationMessages,
  type DoctorApplicationSubmit,
  type DoctorApplicationSubmitResponse,
} from '@shared/doctor-applications/submit';
import { envelopeOf, send } from '@web/lib/api';
import { applyMessages } from '../lib/messages';

export type ApplicationSubmitFailure =
  'email-registered' | 'license-registered' | 'invalid' | 'no-success' | 'failed';

/** Why the application was not created, in the terms the form acts on (spec doc 2 §8). */
export class ApplicationSubmitError extends Error {
  readonly reason: ApplicationSubmitFailure;
  readonly issues: readonly { path: string; message: string }[];

  constructor(
    reason: ApplicationSubmitFailure,
    message: string,
    { issues = [], cause }: { issues?: { path: string; message: string }[]; cause?: unknown } = {},
  ) {
    super(message, { cause });
    this.name = 'ApplicationSubmitError';
    this.reason = reason;
    this.issues = issues;
  }
}

function failureOf(error: unknown): ApplicationSubmitError {
  const body = envelopeOf(error);
  const message = body?.message;
  if (message === applicationMessages.emailRegistered) {
    return new ApplicationSubmitError('email-registered', message, { cause: error });
  }
  if (message === applicationMessages.licenseRegistered) {
    return new ApplicationSubmitError('license-registered', message, { cause: error });
  }
  if (body?.issues?.length) {
    return new ApplicationSubmitError('invalid', body.message ?? '', {
      issues: body.issues,
      cause: error,
    });
  }
  return new ApplicationSubmitError(
    'failed',
    error instanceof Error ? error.message : applyMessages.failed,
    { cause: error },
  );
}

/**
 * `POST /api/doctor-applications` (spec doc 2 §7). Resolves with the created application;
 * rejects with an {@link ApplicationSubmitError} (409 email or license taken, 400 issues, an
 * answer without the success flag, or any other failure).
 */
export async function createDoctorApplication(
  application: DoctorApplicationSubmit,
): Promise<DoctorApplicationSubmitResponse> {
  let body: unknown;
  try {
    const res = await send(createApplicationRoute, { body: application });
    body = await res.json().catch(() => undefined);
  } catch (error) {
    throw failureOf(error);
  }
  const parsed = createApplicationRoute.response?.safeParse(body);
  if (parsed?.success) return parsed.data;
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : '';
  if (message === applicationMessages.emailRegistered) {
    throw new ApplicationSubmitError('email-registered', message);
  }
  throw new ApplicationSubmitError('no-success', applyMessages.noSuccessFlag);
}
