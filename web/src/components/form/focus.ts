/** Moves focus to a control (by element id) and scrolls it into view. */
export function focusElement(elementId: string): void {
  const element = document.getElementById(elementId);
  if (!element) return;
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
}
