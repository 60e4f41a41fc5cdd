import { PlaceholderPage } from '@web/components/PlaceholderPage';

/** `/room/:meetingId`: the in-app video call (DESIGN.md §7), built with the video issue. */
export default function RoomPage() {
  return <PlaceholderPage title="Video Room" />;
}
