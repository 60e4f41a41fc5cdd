/** Meeting routes (spec doc 2 §7). */
export { startMeetingTimer } from './contracts/start-meeting-timer';
