/**
 * The error of a whole form (not of one field), announced when it shows. Its id lets the form
 * point at it with `aria-describedby`.
 */
export function FormError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
