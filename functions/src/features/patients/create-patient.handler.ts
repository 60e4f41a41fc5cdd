import type { CreatePatientResponse } from '@shared/patients/request';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { openCase } from '../cases/open-case';
import { splitContactInfo } from './contact-info';

/** POST /api/patients (reading B): the patient and their case, in one transaction. */
export const handler = httpHandler(routes.createPatient, {
  successFlag: true,
  rateLimit: ({ clientIp }) => rateLimitFor('intake', clientIp),
  async handle({ body, log }) {
    const { patient, caseRecord, patientKey } = await openCase(
      {
        source: 'patient',
        name: body.name,
        ...splitContactInfo(body.contactInfo),
        contactInfo: body.contactInfo,
        requestType: body.requestType,
        triageSummary: body.symptoms,
        history: body.history,
        location: body.location,
        medicalFiles: body.medicalFiles,
        metadata: body.metadata ?? {},
      },
      log,
    );
    const answer: CreatePatientResponse = {
      success: true,
      patientId: patient.id,
      caseId: caseRecord.id,
      patientKey,
    };
    return { status: 201, body: answer };
  },
});
