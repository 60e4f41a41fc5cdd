import { caseIntakeSchema } from '@shared/cases/intake';
import { patientRequestSchema } from '@shared/patients/request';
import { createCase } from '../api/create-case';
import { createPatient } from '../api/create-patient';
import { caseOutcome, patientOutcome, type IntakeOutcome, type QueuedIntake } from './outcome';

/** Sends a form kept by the offline queue (validated again: storage is not trusted). */
export async function sendQueuedIntake(data: QueuedIntake): Promise<IntakeOutcome> {
  if (data.flow === 'case') {
    const intake = caseIntakeSchema.parse(data.intake);
    return caseOutcome(await createCase(intake));
  }
  const request = patientRequestSchema.parse(data.request);
  return patientOutcome(request, await createPatient(request));
}
