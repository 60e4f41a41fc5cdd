/**
 * What the intake's submit needs that carries the shared schemas (and with them zod, ~25 kB
 * gzip): the readings' validation and the two requests. Loaded lazily through
 * `load-intake-requests.ts`, so the request screen renders without it.
 */
export { validateCaseForm, validatePatientForm } from './validate';
export { createCase } from '../api/create-case';
export { createPatient } from '../api/create-patient';
export { sendQueuedIntake } from './send-queued-intake';
