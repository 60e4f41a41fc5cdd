import { Plus, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { describedBy, FieldError, FieldHint, FieldLabel } from '@web/components/form/field-parts';

/** Limits of the shared schema (`boardCertifications`: up to 20 entries of up to 200 characters). */
export const MAX_CERTIFICATIONS = 20;
export const MAX_CERTIFICATION_LENGTH = 200;

/** An optional list of board certifications: type one, press Add (or Enter); remove any. */
export function BoardCertificationsField({
  id,
  value,
  onChange,
  error,
  disabled = false,
}: {
  id: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const full = value.length >= MAX_CERTIFICATIONS;
  const hint = full
    ? `You can list up to ${MAX_CERTIFICATIONS} certifications.`
    : 'For example: American Board of Internal Medicine. Press Enter or Add after each one.';

  function add() {
    const certification = text.trim();
    if (!certification || full) return;
    if (value.some((existing) => existing.toLowerCase() === certification.toLowerCase())) {
      setAnnouncement(`${certification} is already in the list`);
      setText('');
      return;
    }
    onChange([...value, certification]);
    setAnnouncement(`Added ${certification}`);
    setText('');
    inputRef.current?.focus();
  }

  function remove(index: number) {
    const removed = value[index];
    onChange(value.filter((_, position) => position !== index));
    setAnnouncement(`Removed ${removed ?? 'certification'}`);
    inputRef.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the entry instead of submitting the whole application.
    event.preventDefault();
    add();
  }

  return (
    <div className="grid content-start gap-2">
      <FieldLabel htmlFor={id} optional>
        Board Certifications
      </FieldLabel>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          name={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          maxLength={MAX_CERTIFICATION_LENGTH}
          disabled={disabled || full}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
          className="flex-1"
        />
        <Button
          type="button"
          variant="outline"
          onClick={add}
          disabled={disabled || full || text.trim() === ''}
        >
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} message={error} />
      {value.length > 0 ? (
        <ul aria-label="Your board certifications" className="flex flex-wrap gap-2">
          {value.map((certification, index) => (
            <li
              key={`${certification}-${index}`}
              className="flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
            >
              <span className="break-all">{certification}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 rounded-full"
                disabled={disabled}
                aria-label={`Remove ${certification}`}
                onClick={() => remove(index)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
