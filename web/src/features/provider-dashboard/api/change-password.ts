import { useMutation } from '@tanstack/react-query';
import type { ProviderSession } from '@shared/providers/api';
import { providerChangePassword } from '@shared/providers/contracts/provider-change-password';
import type { ProviderPasswordRequest } from '@shared/providers/password';
import { request } from '@web/lib/api';
import type { MutationOptions } from './auth';
import { providerKeys } from './keys';
import { providerAuth } from './provider-auth';

/** `POST /api/provider/password`: the first sign-in's forced change (and any later one). */
export function useChangePassword(
  options: MutationOptions<ProviderSession, ProviderPasswordRequest>,
) {
  return useMutation({
    ...options,
    mutationKey: [...providerKeys.all, 'password'],
    mutationFn: (body) => request(providerChangePassword, { body, auth: providerAuth }),
  });
}
