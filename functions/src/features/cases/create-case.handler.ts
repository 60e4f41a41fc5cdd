import { caseIntakeSchema, type CreateCaseResponse } from '@shared/cases/intake';
import { httpHandler } from '#lib/http/handler';
import { parseRequestPart } from '#lib/http/middleware/validation';
import { parseMultipart } from '#lib/http/multipart';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { inlineFileLimits, openIntakeCase } from './case-intake';

/**
 * POST /api/cases (reading A): multipart name, triageSummary, email, phone and optional small
 * inline files. The web app sends the fields only and uploads files through presigned POSTs.
 */
export const handler = httpHandler(routes.createCase, {
  rateLimit: ({ clientIp }) => rateLimitFor('intake', clientIp),
  async handle({ body, log }) {
    const form = await parseMultipart(body.bytes, body.contentType, {
      ...inlineFileLimits,
      maxFields: 10,
      maxFieldBytes: 16 * 1024,
    });
    const intake = parseRequestPart(caseIntakeSchema, form.fields);
    const { caseRecord, patientKey } = await openIntakeCase(intake, form.files, log);
    const answer: CreateCaseResponse = { caseId: caseRecord.id, patientKey };
    return { status: 201, body: answer };
  },
});
