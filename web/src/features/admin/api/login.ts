import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import {
  ADMIN_LOGIN_FAILED,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  type AdminLoginResponse,
} from '@shared/admin/api';
import { errorEnvelopeSchema } from '@shared/http/error-envelope';

export const ADMIN_LOGIN_URL = '/api/admin/login';

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

async function serverMessage(res: Response): Promise<string | null> {
  const body = errorEnvelopeSchema.safeParse(await res.json().catch(() => undefined));
  return body.success ? body.data.message : null;
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
  const body = parsed.data;
  let res: Response;
  try {
    res = await fetch(ADMIN_LOGIN_URL, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch {
    throw new AdminLoginError(0, ADMIN_LOGIN_FAILED);
  }
  if (res.status === 401) throw new AdminLoginError(401, ADMIN_LOGIN_FAILED);
  if (!res.ok) {
    throw new AdminLoginError(res.status, (await serverMessage(res)) ?? ADMIN_LOGIN_FAILED);
  }
  return adminLoginResponseSchema.parse(await res.json());
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
