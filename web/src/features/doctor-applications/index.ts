/** What other features use of doctor applications: the status lookup (landing page). */
export { ApplicationStatusCheck } from './components/ApplicationStatusCheck';
