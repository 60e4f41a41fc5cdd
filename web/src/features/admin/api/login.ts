import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import {
  ADMIN_LOGIN_FAILED,
  adminLoginRequestSchema,
  type AdminLoginResponse,
} from '@shared/admin/api';
import { adminLogin, adminLoginCode } from '@shared/admin/contracts';
import {
  SECOND_FACTOR_MESSAGES,
  type SecondFactorChallenge,
  type SecondFactorRequest,
} from '@shared/second-factor/api';
import { ApiError, envelopeOf, readAnswer, send } from '@web/lib/api';

export interface AdminCredentials {
  username: string;
  password: string;
}

/** A failed sign-in; `message` is what the admin reads. */
export class AdminLoginError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'AdminLoginError';
    this.status = status;
  }
}

/**
 * `POST /api/admin/login` (spec doc 2 §7), the password step: the second factor's challenge
 * (issue 25). Wrong credentials read 'Invalid username or password. Please try again.'; any
 * other refusal (such as the rate limit's 429) shows the server's message.
 */
export async function loginAdmin(credentials: AdminCredentials): Promise<SecondFactorChallenge> {
  const parsed = adminLoginRequestSchema.safeParse(credentials);
  if (!parsed.success) {
    throw new AdminLoginError(0, parsed.error.issues[0]?.message ?? ADMIN_LOGIN_FAILED);
  }
  let res: Response;
  try {
    res = await send(adminLogin, { body: parsed.data });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new AdminLoginError(0, ADMIN_LOGIN_FAILED);
    const message = error.status === 401 ? undefined : envelopeOf(error)?.message;
    throw new AdminLoginError(error.status, message ?? ADMIN_LOGIN_FAILED);
  }
  return readAnswer(adminLogin, res);
}

/**
 * `POST /api/admin/login/code`, the code step: `{ token, adminId }` (with the recovery codes of
 * an enrolment). A refusal shows the server's message (wrong code, sign-in expired, 429).
 */
export async function loginAdminCode(body: SecondFactorRequest): Promise<AdminLoginResponse> {
  let res: Response;
  try {
    res = await send(adminLoginCode, { body });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new AdminLoginError(0, ADMIN_LOGIN_FAILED);
    const message = envelopeOf(error)?.message ?? SECOND_FACTOR_MESSAGES.codeWrong;
    throw new AdminLoginError(error.status, message);
  }
  return readAnswer(adminLoginCode, res);
}

type MutationOptions<T, V> = Omit<UseMutationOptions<T, Error, V>, 'mutationFn' | 'mutationKey'>;

export function useAdminLoginCode(
  options: MutationOptions<AdminLoginResponse, SecondFactorRequest> = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['admin', 'login', 'code'],
    mutationFn: loginAdminCode,
  });
}

export function useAdminLogin(
  options: MutationOptions<SecondFactorChallenge, AdminCredentials> = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['admin', 'login'],
    mutationFn: loginAdmin,
  });
}
