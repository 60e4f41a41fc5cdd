import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getCaseBundle } from '#db/cases/bundle';
import { enrolSecondFactor } from '#db/second-factors';
import { providerLoginActiveTx, providerLoginTx } from '#db/provider-logins';
import { providerActiveTx, providerTx } from '#db/providers';
import { writeTransaction } from '#db/transaction';
import { guardKeys, guardTx } from '#db/unique-guards';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret } from '#features/auth/totp';
import { expireAndRefund } from '#features/cases/case-expiry';
import { newApplicationRecord } from '#features/doctor-applications/new-application';
import { providerFor } from '#features/doctor-applications/review';
import { hashPassword } from '#lib/auth/passwords';
import { env, reloadEnv } from '#core/env';
import { createLogger } from '#lib/logger';
import { loadSecrets } from '#lib/secrets';
import { inBatches, seedCase } from '../bench/seed';
import type { Actors, DoctorActor } from './actors';
import type { Population } from './plan';

/**
 * The load test's actors, written into the stage's table with the operator's AWS credentials
 * (docs/load-test.md), through the entity modules and the product's own transitions, as
 * scripts/bench/seed.ts does locally:
 * - waiting patients: a case each, paid through `markCasePaid` (the real transition: the queue,
 *   the counters, the expiry and wait-promise schedules). Stripe test mode cannot complete a
 *   Checkout Session without a browser, so the payment's evidence is a fixture, as in the bench;
 * - doctors: an approved provider each (as an admin's approval writes it), a password of their
 *   own and an enrolled TOTP factor whose secret the actors file keeps, so the test signs in
 *   through the API with a real second factor;
 * - calls: one more paid case per call, claimed and started by its doctor during the run.
 */

/** Runs the handlers' code against a stage: the settings of one of its functions, its secrets. */
export async function useStageEnvironment(
  source: { functionName: string } | { envFile: string },
): Promise<void> {
  let variables: Record<string, string>;
  if ('envFile' in source) {
    variables = JSON.parse(readFileSync(source.envFile, 'utf8')) as Record<string, string>;
  } else {
    const { LambdaClient, GetFunctionConfigurationCommand } =
      await import('@aws-sdk/client-lambda');
    const configuration = await new LambdaClient({}).send(
      new GetFunctionConfigurationCommand({ FunctionName: source.functionName }),
    );
    variables = configuration.Environment?.Variables ?? {};
  }
  Object.assign(process.env, variables);
  reloadEnv();
  // The stage's secrets (room-link key, Stripe keys) as the function's cold start copies them.
  await loadSecrets();
}

/** Actors written at once while seeding (each a few writes): a stage's table takes many more. */
const SEED_CONCURRENCY = 20;

async function seedDoctor(tag: string, index: number): Promise<DoctorActor> {
  const now = new Date();
  const email = `load-test.${tag}.${index}@example.org`;
  const application = newApplicationRecord(
    {
      fullName: `Dr. Load Test ${tag} ${index}`,
      email,
      phoneNumber: '+1 555 010 0100',
      medicalLicenseNumber: `LT-${tag}-${index}`,
      licenseState: 'NY',
      specialization: 'Family Medicine',
      yearsExperience: 10,
      hospitalAffiliation: 'Load Test Hospital',
      medicalSchool: 'Load Test School of Medicine',
      graduationYear: now.getFullYear() - 15,
      boardCertifications: [],
    },
    now,
  );
  const provider = providerFor(application, `load-test ${tag}`, now.toISOString());
  const password = randomBytes(18).toString('base64url');
  await writeTransaction([
    providerTx(provider),
    providerLoginTx({
      providerId: provider.id,
      email,
      passwordHash: await hashPassword(password),
      isActive: true,
      mustChangePassword: false,
      credentialsVersion: 0,
    }),
    guardTx(guardKeys.providerLicense(provider.licenseNumber), provider.id),
  ]);
  const totpSecret = newTotpSecret();
  const enrolled = await enrolSecondFactor('provider', provider.id, {
    secret: totpSecret,
    lastUsedStep: -1,
    // Codes nobody holds: the test signs in with TOTP codes only.
    recoveryCodeHashes: newRecoveryCodes().map(hashRecoveryCode),
    enrolledAt: now.toISOString(),
  });
  if (!enrolled) throw new Error(`doctor ${index}: a second factor was already enrolled`);
  return { id: provider.id, email, password, totpSecret };
}

/** Seeds the actors of `population` into the table the environment names. */
export async function seedActors(
  stage: string,
  tag: string,
  population: Population,
  concurrency = SEED_CONCURRENCY,
): Promise<Actors> {
  const paidCase = async (index: number) => {
    const { caseId, patientKey } = await seedCase(index, { paid: true });
    return { caseId, patientKey };
  };
  const doctors = await inBatches(population.doctors, concurrency, (index) =>
    seedDoctor(tag, index),
  );
  const calls = await inBatches(population.calls, concurrency, (index) =>
    paidCase(population.patients + index),
  );
  const patients = await inBatches(population.patients, concurrency, paidCase);
  return { stage, tag, createdAt: new Date().toISOString(), patients, doctors, calls };
}

/** Tries per write of the cleanup (throttling, timeouts). */
const CLEANUP_ATTEMPTS = 3;

export interface CleanupFigures {
  casesExpired: number;
  /** Cases in another state (a call's, in its meeting: it ends on its own schedule). */
  casesLeft: number;
  /** Cases that could not even be read. */
  casesFailed: number;
  doctorsDeactivated: number;
}

/**
 * Takes the actors out of the product through its own transitions, so every counter and index
 * stays true: each waiting case expires as its schedule would (`expireAndRefund`, the
 * authorization released), each doctor is deactivated as an admin's rejection does (their
 * sessions stop working). The items stay in the table as closed cases and inactive providers.
 */
export async function cleanupActors(
  actors: Actors,
  concurrency = SEED_CONCURRENCY,
): Promise<CleanupFigures> {
  const figures: CleanupFigures = {
    casesExpired: 0,
    casesLeft: 0,
    casesFailed: 0,
    doctorsDeactivated: 0,
  };
  const log = createLogger({ route: 'load-test/cleanup' });
  const cases = [...actors.patients, ...actors.calls];
  await inBatches(cases.length, concurrency, async (index) => {
    const { caseId } = cases[index]!;
    // A throttled or timed-out write is tried again; a run that got half way (the status
    // changed, the push failed) is done: the case's state after the attempts is what counts.
    for (let attempt = 1; attempt <= CLEANUP_ATTEMPTS; attempt += 1) {
      try {
        // Past the expiry, as the schedule's run would be.
        await expireAndRefund(
          { caseId },
          log,
          new Date(Date.now() + 2 * env.caseExpirySeconds * 1000),
        );
        break;
      } catch {
        // Tried again below, then judged by the stored state.
      }
    }
    const bundle = await getCaseBundle(caseId).catch(() => null);
    if (bundle?.case.status === 'expired') figures.casesExpired += 1;
    else if (bundle) figures.casesLeft += 1;
    else figures.casesFailed += 1;
  });
  await inBatches(actors.doctors.length, concurrency, async (index) => {
    const doctor = actors.doctors[index]!;
    for (let attempt = 1; attempt <= CLEANUP_ATTEMPTS; attempt += 1) {
      try {
        await writeTransaction([
          providerActiveTx(doctor.id, false),
          providerLoginActiveTx(doctor.email, false, null),
        ]);
        figures.doctorsDeactivated += 1;
        return;
      } catch {
        // Tried again; a doctor still active after every attempt is not counted.
      }
    }
  });
  return figures;
}
