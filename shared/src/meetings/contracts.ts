/** Meeting routes (spec doc 2 §7; the room and the early end are this product's own). */
export { startMeetingTimer } from './contracts/start-meeting-timer';
export { endMeeting } from './contracts/end-meeting';
export { joinRoom } from './contracts/join-room';
