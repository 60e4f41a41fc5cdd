import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import {
  ADMIN_LOGIN_FAILED,
  adminLoginRequestSchema,
  type AdminLoginResponse,
} from '@shared/admin/api';
import { adminLogin } from '@shared/admin/contracts';
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
 * `POST /api/admin/login` (spec doc 2 §7). Wrong credentials read 'Invalid username or password.
 * Please try again.'; any other refusal (such as the rate limit's 429) shows the server's message.
 */
export async function loginAdmin(credentials: AdminCredentials): Promise<AdminLoginResponse> {
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

export function useAdminLogin(
  options: Omit<
    UseMutationOptions<AdminLoginResponse, Error, AdminCredentials>,
    'mutationFn' | 'mutationKey'
  > = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['admin', 'login'],
    mutationFn: loginAdmin,
  });
}
