import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import {
  meetingIdSchema,
  ROOM_ROLE_PARAM,
  ROOM_START_PARAM,
  roomRoleSchema,
  roomTokenFromHash,
  type RoomRole,
} from '@shared/meetings/room';
import { caseIdOfRoomToken } from '@shared/patients/patient-key';
import { PatientKeyMissing, usePatientKeyFromAddress } from '@web/components/RequirePatientKey';
import { addressWithPatientKey } from '@web/lib/patient-key';
import { CallView } from '../components/CallView';
import {
  ConsultationEnded,
  InvalidRoomLink,
  ProviderSignInNeeded,
  NoCameraSupport,
  RoomLoadError,
  RoomLoading,
  RoomOpenedElsewhere,
} from '../components/RoomScreens';
import { useRoom } from '../hooks/use-room';

/** In-app browsers lack `getUserMedia` (and often `mediaDevices` altogether). */
function hasCameraApi(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

function Room(props: { meetingId: string; role: RoomRole; token: string; autoStart: boolean }) {
  const room = useRoom(props);
  const { role } = props;
  switch (room.phase) {
    case 'loading':
      return <RoomLoading />;
    case 'invalid':
      return <InvalidRoomLink />;
    case 'signIn':
      return <ProviderSignInNeeded onRetry={room.retry} />;
    case 'error':
      return <RoomLoadError onRetry={room.retry} />;
    case 'ended':
      return <ConsultationEnded role={role} caseId={room.session!.caseId} />;
    case 'replaced':
      return <RoomOpenedElsewhere onTakeBack={room.takeBack} />;
    default:
      return <CallView room={room} />;
  }
}

/**
 * `/room/{meetingId}?role=…#token=…`: the consultation room of a join link (DESIGN.md §7). The
 * token is read from the fragment, which no server ever sees. The provider's link also carries
 * `case_id` (spec doc 2 §7); the room takes the case id from the session answer instead. The
 * patient's room also needs the patient's key: kept in this browser, or in the fragment (`key=`).
 */
export default function RoomPage() {
  const { meetingId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const role = roomRoleSchema.safeParse(searchParams.get(ROOM_ROLE_PARAM));
  const token = roomTokenFromHash(hash);

  // The patient's room needs the patient's key (docs/adr/0012): from this browser's storage, or
  // from the link's fragment when the link was copied here with it.
  const caseId = role.success && role.data === 'patient' && token ? caseIdOfRoomToken(token) : null;
  const hasKey = usePatientKeyFromAddress(caseId ?? '');

  if (!meetingIdSchema.safeParse(meetingId).success || !role.success || !token) {
    return <InvalidRoomLink />;
  }
  if (role.data === 'patient' && !(caseId && hasKey)) return <PatientKeyMissing />;
  if (!hasCameraApi()) {
    return <NoCameraSupport link={caseId ? addressWithPatientKey(caseId) : window.location.href} />;
  }
  return (
    <Room
      key={`${meetingId}:${role.data}`}
      meetingId={meetingId}
      role={role.data}
      token={token}
      autoStart={searchParams.get(ROOM_START_PARAM) === '1'}
    />
  );
}
