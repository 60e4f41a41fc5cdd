import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { readActors, writeActors, type Actors } from './actors';
import { parseCommand, usage, UsageError, type EnvironmentSource } from './options';
import { shardOf } from './plan';
import { reportText, writeReport } from './report';
import { runLoadTest } from './run';

/**
 * `npm run load-test -- <seed|run|cleanup> …`: the cloud load test (issue 29 item 3,
 * docs/load-test.md, docs/adr/0026-cloud-load-test.md). `seed` writes the actors into a stage's
 * table with the caller's AWS credentials, `run` replays the waiting room, the dashboards and the
 * calls' signalling against the stage's URLs and writes the report, `cleanup` takes the actors
 * out again. Exit codes: 0 done (a run that completed every step), 1 a run stopped by its stop
 * condition (the report says why), 2 a usage error or a refused stage.
 */

/** Seeding and cleanup run the handlers' code: with the stage's settings, by default its webhook's. */
async function useEnvironment(stage: string, source: EnvironmentSource | null): Promise<void> {
  const { useStageEnvironment } = await import('./seed-actors');
  if (source) return useStageEnvironment(source);
  const [{ handlerFunctionName }, { stripeWebhook }] = await Promise.all([
    import('../../infra/lib/handler-functions'),
    import('#routes'),
  ]);
  return useStageEnvironment({ functionName: handlerFunctionName(stage, stripeWebhook.handler) });
}

function actorsOf(file: string, stage: string): Actors {
  const actors = readActors(file);
  if (actors.stage !== stage) {
    throw new UsageError(`${file} holds the actors of stage "${actors.stage}", not "${stage}"`);
  }
  return actors;
}

async function main(argv: string[]): Promise<number> {
  const command = parseCommand(argv);
  switch (command.command) {
    case 'seed': {
      await useEnvironment(command.stage, command.environment);
      const { seedActors } = await import('./seed-actors');
      const { patients, doctors, calls } = command.population;
      console.log(
        `Seeding ${patients} waiting patients, ${doctors} doctors and ${calls} call cases (tag ${command.tag})...`,
      );
      const actors = await seedActors(command.stage, command.tag, command.population);
      mkdirSync(path.dirname(command.actorsFile), { recursive: true });
      writeActors(command.actorsFile, actors);
      console.log(
        `Actors written to ${command.actorsFile} (owner-only: it holds keys and passwords).`,
      );
      return 0;
    }
    case 'run': {
      const seeded = actorsOf(command.actorsFile, command.stage);
      // Calls go with their doctors (`calls[i]` is `doctors[i]`'s): one stride keeps them together.
      const actors: Actors = {
        ...seeded,
        patients: shardOf(seeded.patients, command.shard),
        doctors: shardOf(seeded.doctors, command.shard),
        calls: shardOf(seeded.calls, command.shard),
      };
      const report = await runLoadTest({
        baseUrl: command.baseUrl,
        wsUrl: command.wsUrl,
        actors,
        target: {
          patients: Math.min(command.target.patients ?? Infinity, actors.patients.length),
          doctors: Math.min(command.target.doctors ?? Infinity, actors.doctors.length),
          calls: Math.min(command.target.calls ?? Infinity, actors.calls.length),
        },
        steps: command.steps,
        holdMs: command.stepSeconds * 1000,
        timeScale: command.timeScale,
        timeoutMs: command.timeoutMs,
        thresholds: { maxErrorRate: command.maxErrorRate, maxP99Ms: command.maxP99Ms },
        setUpConcurrency: command.setUpConcurrency,
        log: (line) => console.log(line),
      });
      const files = writeReport(command.outDir, report);
      console.log(`\n${reportText(report)}\nReport: ${files.text}, ${files.json}`);
      return report.stop.cause === 'completed' ? 0 : 1;
    }
    case 'cleanup': {
      const actors = actorsOf(command.actorsFile, command.stage);
      await useEnvironment(command.stage, command.environment);
      const { cleanupActors } = await import('./seed-actors');
      const figures = await cleanupActors(actors);
      console.log(
        `Cases expired: ${figures.casesExpired}, in another state (a call's ends on its own schedule): ` +
          `${figures.casesLeft}, unreadable: ${figures.casesFailed}; doctors deactivated: ` +
          `${figures.doctorsDeactivated} of ${actors.doctors.length}.`,
      );
      return figures.casesFailed > 0 || figures.doctorsDeactivated < actors.doctors.length ? 1 : 0;
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
