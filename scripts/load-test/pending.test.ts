import { describe, expect, it } from 'vitest';
import { PendingAnswers } from './pending';
import { StepRecorder } from './recorder';

describe('answers that come as messages (PONGs, relayed signals)', () => {
  it('records an answered attempt as ok, a refused one by its outcome, an unanswered one as lost', async () => {
    const recorder = new StepRecorder();
    const answers = new PendingAnswers();
    answers.expect('ping 1', 'room ping', recorder);
    answers.expect('ping 2', 'room ping', recorder);
    answers.expect('signal 1', 'room signal', recorder);
    answers.answered('ping 1');
    // A late or repeated answer changes nothing.
    answers.answered('ping 1');
    answers.failed('signal 1', 'SIGNAL_REFUSED ended');
    expect(answers.has('ping 2')).toBe(true);
    await answers.settle(0);
    expect(answers.has('ping 2')).toBe(false);
    const [ping, signal] = recorder.figures(() => 1);
    expect(ping).toMatchObject({ kind: 'room ping', sent: 2, ok: 1, errors: { lost: 1 } });
    expect(signal).toMatchObject({
      kind: 'room signal',
      sent: 1,
      ok: 0,
      errors: { 'SIGNAL_REFUSED ended': 1 },
    });
  });

  it('settles as soon as the last answer arrives, without waiting out its time', async () => {
    const recorder = new StepRecorder();
    const answers = new PendingAnswers();
    answers.expect('ping 1', 'alert ping', recorder);
    const settled = answers.settle(3_600_000);
    answers.answered('ping 1');
    await settled;
    expect(recorder.figures(() => 1)[0]).toMatchObject({ sent: 1, ok: 1 });
  });
});
