/**
 * The parts of this SDK client that `lib/scheduler.ts` uses. It imports this module on first use, not
 * with the handler: docs/architecture.md, "Cold start", says why through a module of re-exports.
 */
export {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
