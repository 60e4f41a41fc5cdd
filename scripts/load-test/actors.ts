import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod';

/**
 * The actors of a load test (docs/load-test.md): seeded once per stage by `npm run load-test --
 * seed`, read by every run. The file holds capabilities (patients' keys) and doctors' passwords
 * and TOTP secrets of throwaway accounts: it is written readable by its owner only.
 */
const patientSchema = z.object({ caseId: z.string(), patientKey: z.string() });
const doctorSchema = z.object({
  id: z.string(),
  email: z.string(),
  password: z.string(),
  totpSecret: z.string(),
});

export const actorsSchema = z.object({
  stage: z.string(),
  /** In every seeded name and email, so the cleanup and a reader of the table can tell them. */
  tag: z.string(),
  createdAt: z.string(),
  /** Paid cases waiting in the queue, one per waiting patient. */
  patients: z.array(patientSchema),
  doctors: z.array(doctorSchema),
  /** Paid cases of the calls: `calls[i]` is claimed and started by `doctors[i]`. */
  calls: z.array(patientSchema),
});
export type Actors = z.infer<typeof actorsSchema>;
export type PatientActor = z.infer<typeof patientSchema>;
export type DoctorActor = z.infer<typeof doctorSchema>;

export function writeActors(file: string, actors: Actors): void {
  writeFileSync(file, `${JSON.stringify(actors, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function readActors(file: string): Actors {
  return actorsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
