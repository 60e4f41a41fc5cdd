/** What other features use of video access: the join panel and the new-tab opener. */
export { VideoAccessPanel } from './components/VideoAccessPanel';
export { openMeetingInNewTab } from './lib/open-meeting';
