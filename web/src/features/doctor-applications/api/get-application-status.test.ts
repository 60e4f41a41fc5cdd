import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '@web/testing/api-mock';
import { getApplicationStatus as getApplicationStatusContract } from '@shared/doctor-applications/contracts';
import {
  applicationStatusRoute,
  applicationStatusUrl,
  getApplicationStatus,
} from './get-application-status';

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
    const fetchMock = vi.fn().mockResolvedValue(answer(found, 200));
    vi.stubGlobal('fetch', fetchMock);

    await expect(getApplicationStatus('APP-K7QF-29XM')).resolves.toEqual({
      found: true,
      application: found,
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/doctor-applications/status/APP-K7QF-29XM');
    expect(init.credentials).toBe('include');
    expect(init.method).toBeUndefined();
  });

  it.each([
    [404, { success: false, message: 'Application not found' }],
    [400, { success: false, message: 'Please enter a valid application ID' }],
  ])('reads a %i success:false answer as not found', async (status, body) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(body, status)));
    await expect(getApplicationStatus('x')).resolves.toEqual({
      found: false,
      message: body.message,
    });
  });

  it.each([
    [429, { message: 'Too many requests' }, '429: {"message":"Too many requests"}'],
    [500, { message: 'Internal error' }, '500: {"message":"Internal error"}'],
    [404, 'Not Found', '404: Not Found'],
  ])('rejects a %i answer that is not a lookup result', async (status, body, message) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(body, status)));
    await expect(getApplicationStatus('123')).rejects.toThrow(message);
  });

  it('rejects an unreadable or unexpected success body', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer('<html>', 200)));
    await expect(getApplicationStatus('123')).rejects.toThrow();

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer({ success: true }, 200)));
    await expect(getApplicationStatus('123')).rejects.toThrow();
  });

  it('rejects when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(getApplicationStatus('123')).rejects.toThrow('Failed to fetch');
  });
});
