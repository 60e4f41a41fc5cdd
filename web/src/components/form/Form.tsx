import type { ComponentProps, FormEvent } from 'react';

/**
 * A form the browser does not validate (the shared schema does) that sends once at a time:
 * while `busy` it says so (`aria-busy`) and ignores another submit (Enter, a second click).
 */
export function Form({
  busy = false,
  onSubmit,
  children,
  ...formProps
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  busy?: boolean;
  onSubmit: () => void | Promise<void>;
}) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    void onSubmit();
  }
  return (
    <form noValidate aria-busy={busy} onSubmit={handleSubmit} {...formProps}>
      {children}
    </form>
  );
}
