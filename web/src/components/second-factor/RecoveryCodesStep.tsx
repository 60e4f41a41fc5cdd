import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';

/**
 * The recovery codes of a new second factor (issue 25), shown this once: the server keeps only
 * their hashes. The panel opens after "I have saved these", so nobody skips past them unseen.
 */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the form: move focus so screen readers start reading here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="recovery-codes-heading" className="flex flex-col gap-4 text-sm">
      <h3 id="recovery-codes-heading" ref={heading} tabIndex={-1} className="font-semibold">
        Save your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from your
        authenticator app. Keep them somewhere safe: they will not be shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-muted px-3 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button type="button" onClick={onDone} className="w-full">
        <Check aria-hidden="true" />I have saved these
      </Button>
    </section>
  );
}
