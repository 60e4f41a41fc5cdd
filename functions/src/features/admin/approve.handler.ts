import * as routes from '#routes';
import { reviewHandler } from './review-handler';

/** POST /api/admin/applications/{id}/approve {notes} */
export const handler = reviewHandler(routes.adminApproveApplication, 'approve');
