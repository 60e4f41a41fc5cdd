/**
 * How long an attachment's presigned download link works (DESIGN.md §6). The provider's dialog
 * reads the list again before then, so a link opened late still works (issue 27). In a module
 * without schemas, so the handlers that sign links build none of the upload schemas at a cold
 * start (`attachments.ts` re-exports it).
 */
export const ATTACHMENT_LINK_SECONDS = 300;
