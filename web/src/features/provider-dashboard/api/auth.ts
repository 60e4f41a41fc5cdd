import { queryOptions, useMutation, type UseMutationOptions } from '@tanstack/react-query';
import {
  PROVIDER_LOGIN_FAILED,
  type ProviderLoginResponse,
  type ProviderSession,
} from '@shared/providers/api';
// Each contract from its own module, not the barrel: the barrel brings the password change's
// schemas and their common-password list into the dashboard's first load (api/change-password.ts).
import { providerLogin } from '@shared/providers/contracts/provider-login';
import { providerLoginCode } from '@shared/providers/contracts/provider-login-code';
import { providerLogout } from '@shared/providers/contracts/provider-logout';
import { providerMe } from '@shared/providers/contracts/provider-me';
import {
  SECOND_FACTOR_MESSAGES,
  type SecondFactorChallenge,
  type SecondFactorRequest,
} from '@shared/second-factor/api';
import { ApiError, request, send, serverMessageOf } from '@web/lib/api';
import { LOGIN_FALLBACK } from '../lib/labels';
import { providerKeys } from './keys';
import { providerAuth } from './provider-auth';

export interface ProviderCredentials {
  email: string;
  password: string;
}

export type MutationOptions<T, V> = Omit<
  UseMutationOptions<T, Error, V>,
  'mutationFn' | 'mutationKey'
>;

/**
 * The words of a failed sign-in (spec doc 2 §8): wrong credentials read 'Invalid email or
 * password', any other refusal (the rate limit's 429) the server's message, and a failure with
 * no message 'Login failed'.
 */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_FALLBACK;
  if (error.status === 401) return PROVIDER_LOGIN_FAILED;
  return serverMessageOf(error) ?? LOGIN_FALLBACK;
}

/** The words of a refused code: the server's (wrong code, sign-in expired, 429). */
export function codeFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? SECOND_FACTOR_MESSAGES.codeWrong;
}

/** `POST /api/provider/login`, the password step: the second factor's challenge (issue 25). */
export function useProviderLogin(
  options: MutationOptions<SecondFactorChallenge, ProviderCredentials>,
) {
  return useMutation({
    ...options,
    mutationKey: [...providerKeys.all, 'login'],
    mutationFn: (body) => request(providerLogin, { body }),
  });
}

/** `POST /api/provider/login/code`: the provider (and recovery codes), and the session cookie. */
export function useProviderLoginCode(
  options: MutationOptions<ProviderLoginResponse, SecondFactorRequest>,
) {
  return useMutation({
    ...options,
    mutationKey: [...providerKeys.all, 'login', 'code'],
    mutationFn: (body) => request(providerLoginCode, { body }),
  });
}

/**
 * `GET /api/provider/me` on a reload: is the session behind the cookie still alive? A 401 is an
 * answer (null: signed out), not an error.
 */
export async function getProviderMe({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ProviderSession | null> {
  try {
    return await request(providerMe, { signal, auth: providerAuth });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function providerMeQueryOptions() {
  return queryOptions({
    queryKey: providerKeys.me(),
    queryFn: ({ signal }) => getProviderMe({ signal }),
  });
}

/**
 * `POST /api/provider/logout`. A 401 means the session had already ended, which is what signing
 * out wants, so it counts as success.
 */
export async function logoutProvider(): Promise<void> {
  try {
    await send(providerLogout, { auth: providerAuth });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

export function useProviderLogout(options: MutationOptions<void, void>) {
  return useMutation({
    ...options,
    mutationKey: [...providerKeys.all, 'logout'],
    mutationFn: logoutProvider,
  });
}
