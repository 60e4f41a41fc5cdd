import * as routes from '#routes';
import { reviewHandler } from './review-handler';

/** POST /api/admin/applications/{id}/reject {notes} */
export const handler = reviewHandler(routes.adminRejectApplication, 'reject');
