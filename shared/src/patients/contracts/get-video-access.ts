import { defineRoute } from '../../http/contract';
import { patientParamsSchema, videoAccessResponseSchema } from '../api';

/** Polled every 30 s by the video page. */
export const getVideoAccess = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/patients/{patientId}/video-access',
  params: patientParamsSchema,
  response: videoAccessResponseSchema,
});
