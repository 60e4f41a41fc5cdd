import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../db/client';
import { keys } from '../../db/keys';
import { notFound } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { loadPatientCase } from './load';

export const MEETING_NOT_FOUND = 'Meeting not found';

/** POST /api/patients/{patientId}/meeting-access: records when the patient joined. */
export const handler = httpHandler(routes.recordMeetingAccess, {
  successFlag: true,
  async handle({ params, body }) {
    const { bundle } = await loadPatientCase(params.patientId);
    if (!bundle.meeting || bundle.meeting.id !== body.meetingId) throw notFound(MEETING_NOT_FOUND);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.meeting(bundle.case.id),
        UpdateExpression: 'SET patientLastAccessAt = :at',
        ConditionExpression: 'id = :meetingId',
        ExpressionAttributeValues: { ':at': body.accessTime, ':meetingId': body.meetingId },
      }),
    );
    return { body: { success: true } as const };
  },
});
