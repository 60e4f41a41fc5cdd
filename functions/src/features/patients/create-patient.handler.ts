import type { CreatePatientResponse } from '@shared/patients/request';
import { insertPatientWithCase } from '../../db/cases/create';
import { httpHandler } from '../../lib/http/handler';
import { rateLimitFor } from '../../lib/rate-limits';
import * as routes from '../../routes';
import { newPatientAndCase } from '../cases/new-case';
import { announceCase } from '../../lib/realtime/announce';
import { splitContactInfo } from './contact-info';

/** POST /api/patients (reading B): the patient and their case, in one transaction. */
export const handler = httpHandler(routes.createPatient, {
  successFlag: true,
  rateLimit: ({ clientIp }) => rateLimitFor('intake', clientIp),
  async handle({ body, log }) {
    const { patient, caseRecord, patientKey } = newPatientAndCase({
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
    });
    await insertPatientWithCase(patient, caseRecord);
    await announceCase('NEW_CASE_CREATED', caseRecord, log);
    const answer: CreatePatientResponse = {
      success: true,
      patientId: patient.id,
      caseId: caseRecord.id,
      patientKey,
    };
    return { status: 201, body: answer };
  },
});
