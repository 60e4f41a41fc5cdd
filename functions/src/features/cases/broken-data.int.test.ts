import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { describe, expect, it } from 'vitest';
import { newCaseId } from '../../../../local/testing/patient-journey';
import { appFetch, useTestStack } from '../../../../local/testing/stack-context';
import { getCaseBundle } from '../../db/cases';
import { storeUncheckedCaseItem } from '../../db/testing';

const stack = useTestStack();

describe('a stored case that breaks its schema', () => {
  it('answers 500 with the generic envelope, never 400 with stored field paths', async () => {
    const caseId = await newCaseId(stack);
    const stored = await getCaseBundle(caseId);
    await storeUncheckedCaseItem(caseId, { ...stored!.case, priority: 'NOT-A-PRIORITY-7731' });

    const response = await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId }));

    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    for (const leak of ['priority', 'NOT-A-PRIORITY-7731', 'issues']) {
      expect(text).not.toContain(leak);
    }
  });
});
