import type { ProviderSession } from '@shared/providers/api';
import type { ProviderRecord } from '#db/providers';

/** What the dashboard may keep about the signed-in provider: display data only. */
export function toProviderSession(
  provider: Pick<ProviderRecord, 'id' | 'name'>,
  mustChangePassword: boolean,
): ProviderSession {
  return { id: provider.id, name: provider.name, mustChangePassword };
}
