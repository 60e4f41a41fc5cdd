import { defineRoute } from '../../http/contract';
import { doctorApplicationSubmitResponseSchema, doctorApplicationSubmitSchema } from '../submit';

export const createDoctorApplication = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/doctor-applications',
  body: doctorApplicationSubmitSchema,
  response: doctorApplicationSubmitResponseSchema,
});
