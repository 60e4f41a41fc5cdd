import * as routes from '../../routes';
import { reviewHandler } from './review-handler';

/** POST /api/admin/applications/{applicationId}/reject {notes} */
export const handler = reviewHandler(routes.adminRejectApplication, 'reject');
