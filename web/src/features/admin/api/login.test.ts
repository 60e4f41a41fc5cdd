import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_LOGIN_BLANK, ADMIN_LOGIN_FAILED } from '@shared/admin/api';
import { json } from '@web/testing/api-mock';
import { loginAdmin } from './login';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loginAdmin', () => {
  it('posts the trimmed username and the password as typed, with cookies', async () => {
    const challenge = { step: 'code', pendingSignIn: 'p' };
    const fetchMock = vi.fn().mockResolvedValue(json(challenge));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loginAdmin({ username: ' admin ', password: ' pw ' })).resolves.toEqual(challenge);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: ' pw ' });
  });

  it.each([
    [401, { message: 'whatever' }, ADMIN_LOGIN_FAILED],
    [429, { message: 'Too many attempts' }, 'Too many attempts'],
    [500, 'oops', ADMIN_LOGIN_FAILED],
  ])('a %i answer reads %j', async (status, body, message) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(body, status)));
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toThrow(message);
  });

  it('a network failure reads as a failed login', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toThrow(ADMIN_LOGIN_FAILED);
  });

  it('blank fields never reach the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(loginAdmin({ username: '  ', password: 'b' })).rejects.toThrow(ADMIN_LOGIN_BLANK);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
