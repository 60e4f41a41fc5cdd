import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_LOGIN_BLANK, ADMIN_LOGIN_FAILED } from '@shared/admin/api';
import { adminLogin } from '@shared/admin/contracts';
import { json, mockApi, networkError, offContract, reply, routeOf } from '@web/testing/api-mock';
import { loginAdmin } from './login';

const LOGIN = routeOf(adminLogin);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loginAdmin', () => {
  it('posts the trimmed username and the password as typed, with cookies', async () => {
    const challenge = { step: 'code', pendingSignIn: 'p' } as const;
    const api = mockApi({ [LOGIN]: () => reply(adminLogin, challenge) });
    await expect(loginAdmin({ username: ' admin ', password: ' pw ' })).resolves.toEqual(challenge);
    const [url, init] = api.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: ' pw ' });
  });

  it.each([
    [401, '{"message":"whatever"}', () => json({ message: 'whatever' }, 401), ADMIN_LOGIN_FAILED],
    [
      429,
      '{"message":"Too many attempts"}',
      () => json({ message: 'Too many attempts' }, 429),
      'Too many attempts',
    ],
    // Not the error envelope: a body no handler sends (a proxy in the way).
    [500, '"oops"', () => offContract(json('oops', 500)), ADMIN_LOGIN_FAILED],
  ])('a %i answer reads %s', async (_status, _body, answer, message) => {
    mockApi({ [LOGIN]: answer });
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toThrow(message);
  });

  it('a network failure reads as a failed login', async () => {
    mockApi({ [LOGIN]: networkError });
    await expect(loginAdmin({ username: 'a', password: 'b' })).rejects.toThrow(ADMIN_LOGIN_FAILED);
  });

  it('blank fields never reach the server', async () => {
    const api = mockApi();
    await expect(loginAdmin({ username: '  ', password: 'b' })).rejects.toThrow(ADMIN_LOGIN_BLANK);
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
