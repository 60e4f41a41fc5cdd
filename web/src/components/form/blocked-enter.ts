import type { KeyboardEvent } from 'react';

/**
 * Enter in a form whose submit button is disabled (e.g. admin sign-in while a field is blank,
 * spec doc 2 §5) sends no submit event at all: HTML's implicit submission does nothing when the
 * default button is disabled. This `onKeyDown` for the <form> calls `explain` in that case, so
 * the form can still say what is missing. Its own module: only the forms that need it load it.
 */
export function explainBlockedEnter(explain: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    // The default button is the form's first submit button in tree order.
    const button = event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button?.disabled) explain();
  };
}
