import { defineRoute } from '../../http/contract';
import { createPatientResponseSchema, patientRequestSchema } from '../request';

export const createPatient = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/patients',
  body: patientRequestSchema,
  response: createPatientResponseSchema,
});
