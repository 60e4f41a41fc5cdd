/**
 * Opens a meeting link in a new tab without an opener reference (the meeting page cannot reach
 * back into this one). Only web links and in-app paths are opened. Returns whether it tried.
 */
export function openMeetingInNewTab(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  window.open(parsed.href, '_blank', 'noopener,noreferrer');
  return true;
}
