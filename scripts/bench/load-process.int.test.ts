import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { caseBundleQuery } from '#db/cases/bundle';
import { useTestStack } from '#local/testing/stack-context';
import { startFloorServer } from './floor-server';
import type { ClosedLoopJob, WaitingRoomJob } from './jobs';
import { inLoadProcess } from './load-process';
import { seedWaitingCases } from './seed';
import { SPEC_INTERVAL_MS, waitingPatients } from './waiting-room';

const stack = useTestStack();

/** The bench's load process against the real local stack (small and short runs). */
describe('the bench load process', () => {
  it('sends every poll of the open-loop schedule and counts each answer', async () => {
    const patients = waitingPatients(await seedWaitingCases(10), 10);
    // A patient whose case does not exist: its polls answer 404 and must count as errors.
    const lost = {
      page: 'visit' as const,
      caseId: randomUUID(),
      patientId: randomUUID(),
      patientKey: randomBytes(32).toString('base64url'),
    };
    const figures = await inLoadProcess<WaitingRoomJob>({
      kind: 'waiting-room',
      appUrl: stack.appUrl,
      patients: [...patients, lost],
      intervalMs: SPEC_INTERVAL_MS,
      push: false,
      warmupMs: 1_000,
      // Two visit intervals: each patient's polls in the window do not depend on its phase.
      measureMs: 10_000,
      timeoutMs: 10_000,
    });
    // 7 visit patients × 2, 2 processing × 5, 2 verification × 10.
    expect(figures.polls).toMatchObject({
      sent: 44,
      ok: 42,
      errors: 2,
      errorsByStatus: { 404: 2 },
      timeouts: 0,
      refused: 0,
    });
    expect(figures.polls!.latency.count).toBe(44);
    expect(figures.polls!.requestsPerPatientMinute).toBeCloseTo(44 / 11 / (10 / 60));
    expect(figures.setup).toBeNull();
  });

  it('with push, says push is not available while the ticket route is missing, or opens a socket per patient', async () => {
    const patients = waitingPatients(await seedWaitingCases(5), 5);
    const figures = await inLoadProcess<WaitingRoomJob>({
      kind: 'waiting-room',
      appUrl: stack.appUrl,
      patients,
      intervalMs: { visit: 1_000, paymentProcessing: 1_000, paymentVerification: 1_000 },
      push: true,
      warmupMs: 0,
      measureMs: 2_000,
      timeoutMs: 10_000,
    });
    if (!figures.setup!.available) {
      expect(figures.polls).toBeNull();
      expect(figures.setup!.socketsOpened).toBe(0);
    } else {
      expect(figures.setup).toMatchObject({ socketsOpened: 5, ticketErrors: 0, socketErrors: 0 });
      expect(figures.polls).toMatchObject({ sent: 10, ok: 10 });
    }
  });

  it('reads DynamoDB Local directly for the raw baseline, the same Query the status route makes', async () => {
    const [seeded] = await seedWaitingCases(1);
    const endpoint = stack.handlerEnvironment.AWS_ENDPOINT_URL_DYNAMODB!;
    const run = (caseId: string) =>
      inLoadProcess<ClosedLoopJob>({
        kind: 'closed-loop',
        name: 'raw Query',
        target: { kind: 'dynamodb-query', endpoint, query: caseBundleQuery(caseId) },
        concurrency: 2,
        warmupMs: 100,
        measureMs: 300,
      });
    const found = await run(seeded!.caseId);
    expect(found.requests).toBeGreaterThan(0);
    expect(found.errors).toBe(0);
    // An empty partition is a failed read: the baseline must really find the case.
    const missing = await run(randomUUID());
    expect(missing.errors).toBe(missing.requests);
  });

  it('serves the floor of the status ratio: a bare HTTP server making the same Query', async () => {
    const [seeded] = await seedWaitingCases(1);
    const run = async (caseId: string) => {
      const floor = await startFloorServer(caseId);
      try {
        return await inLoadProcess<ClosedLoopJob>({
          kind: 'closed-loop',
          name: 'floor',
          target: { kind: 'http', url: floor.url },
          concurrency: 2,
          warmupMs: 100,
          measureMs: 300,
        });
      } finally {
        await floor.close();
      }
    };
    const found = await run(seeded!.caseId);
    expect(found.requests).toBeGreaterThan(0);
    expect(found.errors).toBe(0);
    // It answers from the table, not a canned 200: a case that is not stored is a 404.
    const missing = await run(randomUUID());
    expect(missing.errors).toBe(missing.requests);
  });
});
