/** What other features use of video access: the join panel (payment success page). */
export { VideoAccessPanel } from './components/VideoAccessPanel';
