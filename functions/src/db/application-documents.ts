import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { attachmentRecordSchema, type AttachmentRecord } from './cases';
import { db, tableName } from './client';
import { keys } from './keys';

export async function insertApplicationDocument(attachment: AttachmentRecord): Promise<void> {
  if (!attachment.doctorApplicationId) throw new Error('document without application');
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.applicationDocument(attachment.doctorApplicationId, attachment.id),
        entity: 'Attachment',
        ...attachment,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Access pattern: an application's documents (Query on its partition, `DOC#` prefix). */
export async function listApplicationDocuments(applicationId: string): Promise<AttachmentRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :doc)',
      ExpressionAttributeValues: {
        ':pk': keys.applicationPartition(applicationId),
        ':doc': 'DOC#',
      },
    }),
  );
  return (Items ?? []).map((item) => attachmentRecordSchema.parse(item));
}
