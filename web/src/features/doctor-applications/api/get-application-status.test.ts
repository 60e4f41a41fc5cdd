import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockApi, networkError, offContract, routeOf } from '@web/testing/api-mock';
import { getApplicationStatus as getApplicationStatusContract } from '@shared/doctor-applications/contracts';
import {
  applicationStatusRoute,
  applicationStatusUrl,
  getApplicationStatus,
} from './get-application-status';

const STATUS = routeOf(getApplicationStatusContract);

afterEach(() => {
  vi.unstubAllGlobals();
});

const found = {
  success: true,
  status: 'pending',
  applicationId: 'K7QF-29XM',
  submittedAt: '2025-01-05T15:04:00.000Z',
  reviewedAt: null,
  message: 'Your application is under review.',
};

describe('getApplicationStatus', () => {
  it('calls the route of the shared contract', () => {
    expect(applicationStatusRoute).toEqual({
      method: getApplicationStatusContract.method,
      path: getApplicationStatusContract.path,
    });
  });

  it('trims and encodes the id into the URL', () => {
    expect(applicationStatusUrl('  APP-12/3 ')).toBe('/api/doctor-applications/status/APP-12%2F3');
  });

  it('GETs the status with cookies and returns the application', async () => {
    const api = mockApi({ [STATUS]: () => answer(found, 200) });

    await expect(getApplicationStatus('APP-K7QF-29XM')).resolves.toEqual({
      found: true,
      application: found,
    });
    const [url, init] = api.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/doctor-applications/status/APP-K7QF-29XM');
    expect(init.credentials).toBe('include');
    expect(init.method).toBeUndefined();
  });

  it.each([
    [404, { success: false, message: 'Application not found' }],
    [400, { success: false, message: 'Please enter a valid application ID' }],
  ])('reads a %i success:false answer as not found', async (status, body) => {
    mockApi({ [STATUS]: () => answer(body, status) });
    await expect(getApplicationStatus('x')).resolves.toEqual({
      found: false,
      message: body.message,
    });
  });

  it.each([
    [
      429,
      () => answer({ message: 'Too many requests' }, 429),
      '429: {"message":"Too many requests"}',
    ],
    [500, () => answer({ message: 'Internal error' }, 500), '500: {"message":"Internal error"}'],
    // A plain-text 404 is no handler's: it comes from a gateway in the way.
    [404, () => offContract(answer('Not Found', 404)), '404: Not Found'],
  ])('rejects a %i answer that is not a lookup result', async (_status, makeAnswer, message) => {
    mockApi({ [STATUS]: makeAnswer });
    await expect(getApplicationStatus('123')).rejects.toThrow(message);
  });

  it('rejects an unreadable or unexpected success body', async () => {
    // Bodies of a broken server: the contract has neither.
    const api = mockApi({ [STATUS]: () => offContract(answer('<html>', 200)) });
    await expect(getApplicationStatus('123')).rejects.toThrow();

    api.on(STATUS, () => offContract(answer({ success: true }, 200)));
    await expect(getApplicationStatus('123')).rejects.toThrow();
  });

  it('rejects when the network fails', async () => {
    mockApi({ [STATUS]: networkError });
    await expect(getApplicationStatus('123')).rejects.toThrow('Failed to fetch');
  });
});
