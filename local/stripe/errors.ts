/** Stripe's error body: `{ error: { type, message, code?, param?, doc_url? } }`. */
export interface StripeErrorBody {
  error: { type: string; message: string; code?: string; param?: string; doc_url?: string };
}

/**
 * An error answered as Stripe answers it. stripe-node turns 400/404 into
 * StripeInvalidRequestError, 401 into StripeAuthenticationError, and so on.
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  toBody(): StripeErrorBody {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.code
          ? { doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}` }
          : {}),
      },
    };
  }
}

export function invalidRequest(message: string, code?: string, param?: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, 'parameter_missing', param);
}

export function unknownParam(param: string): StripeApiError {
  return invalidRequest(
    `Received unknown parameter: ${param}`,
    'parameter_unknown',
    param.replace(/\[.*$/, ''),
  );
}

/** 404 for an object addressed by the URL (`GET /v1/checkout/sessions/{id}`). */
export function resourceMissing(objectName: string, id: string, param: string): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${objectName}: '${id}'`,
    'resource_missing',
    param,
  );
}

export function authenticationError(message: string): StripeApiError {
  return new StripeApiError(401, 'invalid_request_error', message);
}
