import { describe, expect, it } from 'vitest';
import { Supervisor, type ServiceHandle } from './supervisor';

/** A service whose instances the test ends by hand, as if its process died. */
function fakeService(options: { failRestart?: boolean } = {}) {
  const instances: { die(how: string): void; stopped: boolean }[] = [];
  const spec = {
    title: 'Fake DB',
    keeps: 'port 1, data in /tmp/fake',
    start(): Promise<ServiceHandle> {
      if (options.failRestart && instances.length > 0) {
        return Promise.reject(new Error('port 1 is in use'));
      }
      let die: (how: string) => void = () => {};
      const ended = new Promise<string>((resolve) => (die = resolve));
      const instance = {
        die: (how: string) => die(how),
        stopped: false,
      };
      instances.push(instance);
      return Promise.resolve({
        ended,
        stop: () => {
          instance.stopped = true;
          die('stopped');
          return Promise.resolve();
        },
      });
    },
  };
  return { spec, instances };
}

/**
 * Lets the supervisor's reaction to an end run to its end. The fake services resolve at once,
 * so the whole reaction is a chain of promise jobs, and every job queued runs before the next
 * macrotask: waiting for one (setImmediate) proves by construction that nothing more is coming,
 * where a sleep would only make it likely.
 */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function supervisorWithLog(quickDeathMs = 30_000) {
  const log: string[] = [];
  const gaveUp: string[] = [];
  const supervisor = new Supervisor({
    log: (message) => log.push(message),
    onGiveUp: (message) => gaveUp.push(message),
    quickDeathMs,
  });
  return { supervisor, log, gaveUp };
}

describe('Supervisor', () => {
  it('says which service died and starts it again', async () => {
    const { supervisor, log, gaveUp } = supervisorWithLog();
    const db = fakeService();
    await supervisor.start('dynamodb', db.spec);
    db.instances[0]!.die('exit code 1');
    await settle();
    expect(db.instances).toHaveLength(2);
    expect(log).toEqual([
      'Fake DB stopped unexpectedly (exit code 1); restarting it (port 1, data in /tmp/fake)...',
      'Fake DB is running again.',
    ]);
    expect(gaveUp).toEqual([]);
  });

  it('gives up when a restarted service dies again soon', async () => {
    const { supervisor, gaveUp } = supervisorWithLog();
    const db = fakeService();
    await supervisor.start('dynamodb', db.spec);
    db.instances[0]!.die('killed by SIGKILL');
    await settle();
    db.instances[1]!.die('killed by SIGKILL');
    await settle();
    expect(db.instances).toHaveLength(2);
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toMatch(
      /^Fake DB stopped again \(killed by SIGKILL\) 0 s after it was restarted/,
    );
  });

  it('restarts again when the last restart is long past', async () => {
    const { supervisor, gaveUp } = supervisorWithLog(0);
    const db = fakeService();
    await supervisor.start('dynamodb', db.spec);
    for (let death = 0; death < 3; death += 1) {
      db.instances.at(-1)!.die('exit code 1');
      await settle();
    }
    expect(db.instances).toHaveLength(4);
    expect(gaveUp).toEqual([]);
  });

  it('gives up when the restart fails', async () => {
    const { supervisor, gaveUp } = supervisorWithLog();
    const db = fakeService({ failRestart: true });
    await supervisor.start('dynamodb', db.spec);
    db.instances[0]!.die('exit code 1');
    await settle();
    expect(gaveUp).toEqual([
      'Fake DB stopped (exit code 1) and could not be restarted: port 1 is in use. Stopping everything.',
    ]);
  });

  it('does not restart what it was asked to stop', async () => {
    const { supervisor, log } = supervisorWithLog();
    const db = fakeService();
    const mail = fakeService();
    await supervisor.start('dynamodb', db.spec);
    await supervisor.start('mailbox', mail.spec);
    await supervisor.pause('mailbox');
    await settle();
    expect(supervisor.handle('mailbox')).toBeNull();
    await supervisor.resume('mailbox');
    expect(mail.instances).toHaveLength(2);

    await supervisor.stopAll();
    await settle();
    expect(db.instances.every((instance) => instance.stopped)).toBe(true);
    expect(mail.instances.every((instance) => instance.stopped)).toBe(true);
    expect(db.instances).toHaveLength(1);
    expect(log).toEqual([]);
  });
});
