import { describe, expect, it } from 'vitest';
import { budgets } from './budgets';

/**
 * The budgets are issue 12's goals (issue 26's call figures, issue 28's simulated day, issue 29's
 * status goal against the floor), written down once in `budgets.ts`. The snapshot beside this
 * test records them as they were agreed: a change to it is a change of a goal, to be argued in an
 * issue, never a budget raised to fit a measurement (so never a bare `vitest -u`).
 */
describe('bench budgets', () => {
  it('are exactly the goals of issues 12, 26, 28 and 29', () => {
    expect(budgets).toMatchSnapshot();
  });
});
