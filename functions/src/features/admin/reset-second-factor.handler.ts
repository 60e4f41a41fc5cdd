import { auditEntryTx } from '#db/audit-log';
import { getDoctorApplicationByRef } from '#db/doctor-applications';
import { deleteSecondFactorTx } from '#db/second-factors';
import { writeConditionalTransaction } from '#db/transaction';
import { conflict, notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { APPLICATION_NOT_FOUND } from '../doctor-applications/status-lookup';
import { endProviderAccess } from '../providers/end-access';

export const NO_PROVIDER_ACCOUNT = 'This application has no provider account';
export const NO_SECOND_FACTOR = 'This provider has not set up a second factor yet';

/**
 * POST /api/admin/applications/{id}/reset-second-factor (issue 25): for a provider who lost
 * their authenticator and recovery codes. The factor is deleted with an audit entry in one
 * transaction, then every session and alert socket of the provider ends; the next sign-in
 * enrols a new factor. 404 without a provider account, 409 when there is no factor to reset.
 */
export const handler = httpHandler(routes.adminResetSecondFactor, {
  async handle({ params, session }) {
    const application = await getDoctorApplicationByRef(params.id);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    const providerId = application.providerId;
    if (!providerId) throw notFound(NO_PROVIDER_ACCOUNT);
    const refused = await writeConditionalTransaction([
      deleteSecondFactorTx('provider', providerId),
      auditEntryTx({
        action: 'SECOND_FACTOR_RESET',
        applicationId: application.applicationId,
        adminId: session.subjectId,
        previousStatus: application.status,
        newStatus: application.status,
        notes: 'Second factor reset: the provider sets up a new one at the next sign-in.',
        timestamp: new Date().toISOString(),
      }),
    ]);
    if (refused) throw conflict(NO_SECOND_FACTOR);
    await endProviderAccess(providerId);
    return { status: 204 };
  },
});
