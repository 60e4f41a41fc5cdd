import { formatApplicationId } from '@shared/doctor-applications/application-id';

export const APPLY_PATH = '/provider/apply';
export const STATUS_PATH = '/provider/status';

/** `/provider/status?id=APP-…`: the status page prefilled and searched. */
export function statusPagePath(applicationId?: string): string {
  return applicationId
    ? `${STATUS_PATH}?id=${encodeURIComponent(formatApplicationId(applicationId))}`
    : STATUS_PATH;
}
