import { defineRoute } from '../http/contract';
import {
  meetingAccessRequestSchema,
  meetingAccessResponseSchema,
  patientParamsSchema,
  paymentVerificationResponseSchema,
  videoAccessResponseSchema,
} from './api';
import { createPatientResponseSchema, patientRequestSchema } from './request';

/** Patient routes of reading B (spec doc 1 §7): the patient id is the capability. */

export const createPatient = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/patients',
  body: patientRequestSchema,
  response: createPatientResponseSchema,
});

/** Polled every 30 s by the video page. */
export const getVideoAccess = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/patients/{patientId}/video-access',
  params: patientParamsSchema,
  response: videoAccessResponseSchema,
});

/** Sent when the patient joins the call. */
export const recordMeetingAccess = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/patients/{patientId}/meeting-access',
  params: patientParamsSchema,
  body: meetingAccessRequestSchema,
  response: meetingAccessResponseSchema,
});

/** Polled every second by the payment verification page. */
export const getPaymentVerification = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/patients/{patientId}/payment-verification',
  params: patientParamsSchema,
  response: paymentVerificationResponseSchema,
});
