import type { TestStack } from './global-setup';
import { caseStatus, newPaidCaseId } from './patient-journey';
import { providerFetch, signInProvider, type SignedInProvider } from './provider-journey';
import { enterRoom, openRoomSocket, type RoomSocket } from './room-socket';
import * as caseContracts from '@shared/cases/contracts';
import type { ProviderCaseDetails } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import type { StartMeetingTimerResponse } from '@shared/meetings/timer';

/** Steps of the consultation (issue 9) for integration, end-to-end tests and the bench. */

export async function claimCase(
  stack: TestStack,
  provider: SignedInProvider,
  caseId: string,
): Promise<void> {
  const response = await providerFetch(stack, provider, pathOf(caseContracts.claimCase, {}), {
    method: 'POST',
    body: JSON.stringify({ caseId, providerId: provider.id }),
  });
  if (response.status !== 200) throw new Error(`claim refused: ${response.status}`);
}

export async function startTimer(
  stack: TestStack,
  provider: SignedInProvider,
  caseId: string,
): Promise<StartMeetingTimerResponse> {
  const response = await providerFetch(
    stack,
    provider,
    pathOf(meetingContracts.startMeetingTimer, { caseId }),
    { method: 'POST', body: '{}' },
  );
  if (response.status !== 200) throw new Error(`start-timer refused: ${response.status}`);
  return (await response.json()) as StartMeetingTimerResponse;
}

/** Both join links of a claimed case: the provider's from the details, the patient's from status. */
export async function joinLinks(
  stack: TestStack,
  provider: SignedInProvider,
  caseId: string,
): Promise<{ providerJoinUrl: string; patientJoinUrl: string }> {
  const response = await providerFetch(
    stack,
    provider,
    pathOf(caseContracts.getCaseDetails, { caseId }),
  );
  if (response.status !== 200) throw new Error(`details refused: ${response.status}`);
  const details = (await response.json()) as ProviderCaseDetails;
  const status = await caseStatus(stack, caseId);
  const providerJoinUrl = details.meeting?.providerJoinUrl;
  const patientJoinUrl = status.meeting?.patientJoinUrl;
  if (!providerJoinUrl || !patientJoinUrl) throw new Error('the case has no join links');
  return {
    providerJoinUrl: new URL(providerJoinUrl, stack.appUrl).href,
    patientJoinUrl: new URL(patientJoinUrl, stack.appUrl).href,
  };
}

/**
 * The patient's room page enters the call's room (its session, as the page's first request):
 * a call the patient never entered ends as a no-show, cancelled and refunded (docs/adr/0023).
 */
export async function patientEntersRoom(
  stack: TestStack,
  provider: SignedInProvider,
  caseId: string,
): Promise<void> {
  await enterRoom(stack, (await joinLinks(stack, provider, caseId)).patientJoinUrl);
}

/** A started consultation's room: both parties' sockets open, and the call's meeting and end. */
export interface LiveCall {
  caseId: string;
  meetingId: string;
  endsAt: string;
  doctor: RoomSocket;
  patient: RoomSocket;
}

/**
 * A started consultation of its own: a newly signed-in provider claims a new paid case and
 * starts its call, then both parties enter the room and open their room sockets.
 */
export async function liveCall(stack: TestStack): Promise<LiveCall> {
  const provider = await signInProvider(stack);
  const caseId = await newPaidCaseId(stack);
  await claimCase(stack, provider, caseId);
  const links = await joinLinks(stack, provider, caseId);
  const { endsAt } = await startTimer(stack, provider, caseId);
  const [doctorSession, patientSession] = await Promise.all([
    enterRoom(stack, links.providerJoinUrl, provider.cookie),
    enterRoom(stack, links.patientJoinUrl),
  ]);
  const [doctor, patient] = await Promise.all([
    openRoomSocket(stack, doctorSession.ticket!),
    openRoomSocket(stack, patientSession.ticket!),
  ]);
  return { caseId, meetingId: doctorSession.meetingId, endsAt, doctor, patient };
}
