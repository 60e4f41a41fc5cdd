/**
 * The intake's validation and requests (`intake-requests.ts`), loaded once: when the patient
 * first focuses a field (so a first submit rarely waits for it), at the latest on submit, or
 * when the offline queue sends a stored form.
 */
export const loadIntakeRequests = () => import('./intake-requests');

export type IntakeRequests = Awaited<ReturnType<typeof loadIntakeRequests>>;
