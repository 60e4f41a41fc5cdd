import { Star } from 'lucide-react';
import { ratingLabels } from '@shared/cases/feedback';
import { cn } from '@web/lib/utils';

export type Rating = 0 | 1 | 2 | 3 | 4 | 5;
const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five stars as one native radio group (spec doc 1 §5): Tab reaches the group, the arrow keys
 * move the choice, each star is named '1 Poor' … '5 Excellent', and the label under the stars
 * ('Select rating' at 0) is announced when it changes.
 */
export function StarRating({
  id,
  value,
  onChange,
  disabled = false,
}: {
  id: string;
  value: Rating;
  onChange: (value: Rating) => void;
  disabled?: boolean;
}) {
  const labelId = `${id}-label`;
  return (
    <fieldset className="grid justify-items-center gap-3" disabled={disabled}>
      <legend className="sr-only">Rating</legend>
      <div className="flex gap-1">
        {STARS.map((star) => {
          const lit = star <= value;
          const optionId = `${id}-${star}`;
          return (
            <label
              key={star}
              htmlFor={optionId}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                id={optionId}
                type="radio"
                name={id}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                aria-label={`${star} ${ratingLabels[star]}`}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-10 transition-colors',
                  lit ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
                )}
              />
            </label>
          );
        })}
      </div>
      <p id={labelId} aria-live="polite" className="text-lg font-medium" data-testid="rating-label">
        {ratingLabels[value]}
      </p>
    </fieldset>
  );
}
