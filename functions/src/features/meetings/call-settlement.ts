import { consultationHeld, type SettlementDecision } from '@shared/payments/money';
import { readMeetingMedia, type MediaAccount } from '#db/meeting-media';
import { env } from '#core/env';
import type { Logger } from '#lib/logger';
import { requestSettlement } from '../payments/settlement';

/**
 * How long both parties were connected in the room together, in seconds, by the server's media
 * account (docs/adr/0019): from when media first flowed to the call's end, less the gaps in
 * which neither page received the other's media (a gap still open at the end counts too).
 */
export function bothConnectedSeconds(account: MediaAccount, endedAtMs: number): number {
  if (account.firstFlowAt === null) return 0;
  const openGapMs =
    account.gapStartedAt === null ? 0 : Math.max(0, endedAtMs - account.gapStartedAt);
  const connectedMs = endedAtMs - account.firstFlowAt - account.lostMs - openGapMs;
  return Math.max(0, connectedMs) / 1000;
}

/** Capture when the consultation was held (both connected long enough), else void. */
export function callDecision(connectedSeconds: number, minimumSeconds: number): SettlementDecision {
  return consultationHeld(connectedSeconds, minimumSeconds)
    ? { action: 'capture', why: 'consultation_held' }
    : { action: 'void', why: 'never_connected' };
}

/**
 * The money of a call that ended (docs/adr/0024): captured when both parties were connected
 * together for at least `CAPTURE_AFTER_CONNECTED_SECONDS`, voided otherwise. The account is
 * frozen once the meeting ended, so every caller of the end (and every repeat) decides alike;
 * the settlement keeps the first decision and never throws.
 */
export async function settleEndedCall(caseId: string, endedAt: string, log: Logger): Promise<void> {
  const media = await readMeetingMedia(caseId);
  const seconds = media ? bothConnectedSeconds(media.account, Date.parse(endedAt)) : 0;
  const decision = callDecision(seconds, env.captureAfterConnectedSeconds);
  log.info('call settlement decided', {
    caseId,
    action: decision.action,
    connectedSeconds: Math.round(seconds),
  });
  await requestSettlement(caseId, decision, log);
}
