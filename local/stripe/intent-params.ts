import type { FormObject } from './form';
import { checkKnownKeys, metadata, optionalEnum, optionalInteger } from './params';
import type { CancellationReason } from './records';

/** `POST /v1/payment_intents/{id}/capture` and `/cancel` parameters (API 2026-10-28). */

const CAPTURE_PARAMS = new Set(
  (
    'amount_details amount_to_capture application_fee_amount expand final_capture hooks ' +
    'metadata payment_details statement_descriptor statement_descriptor_suffix transfer_data'
  ).split(' '),
);
const MODELLED_CAPTURE_PARAMS = new Set(['amount_to_capture', 'expand', 'metadata']);

export interface CaptureInput {
  /** Null captures everything capturable. */
  amount_to_capture: number | null;
  /** Null leaves the metadata as it is; otherwise merged into it, as Stripe does. */
  metadata: Record<string, string> | null;
}

export function parseCapture(
  form: FormObject,
  warn: (key: string, message: string) => void,
): CaptureInput {
  checkKnownKeys(form, CAPTURE_PARAMS, null);
  for (const key of Object.keys(form)) {
    if (!MODELLED_CAPTURE_PARAMS.has(key)) {
      warn(`capture:${key}`, `paymentIntents.capture: '${key}' is accepted but ignored locally.`);
    }
  }
  return {
    amount_to_capture: optionalInteger(form.amount_to_capture, 'amount_to_capture', 1, 99_999_999),
    metadata: form.metadata === undefined ? null : metadata(form.metadata, 'metadata'),
  };
}

const CANCEL_PARAMS = new Set(['cancellation_reason', 'expand']);
/** The reasons a caller may give (`automatic` and the others are Stripe's own). */
const CALLER_REASONS = [
  'duplicate',
  'fraudulent',
  'requested_by_customer',
  'abandoned',
] as const satisfies readonly CancellationReason[];

export interface CancelInput {
  cancellation_reason: (typeof CALLER_REASONS)[number] | null;
}

export function parseCancel(form: FormObject): CancelInput {
  checkKnownKeys(form, CANCEL_PARAMS, null);
  return {
    cancellation_reason: optionalEnum(
      form.cancellation_reason,
      'cancellation_reason',
      CALLER_REASONS,
    ),
  };
}
