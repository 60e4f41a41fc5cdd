import { useEffect, useEffectEvent, useId, useRef } from 'react';
import {
  SYMPTOM_TEXT_MAX_LENGTH,
  completeCurrentWord,
  suggestMedicalTerms,
  type RegionSetting,
  type SymptomAnalysis,
} from '@shared/triage';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';
import { useSymptomAnalysis } from '../hooks/useSymptomAnalysis';
import { AnalysisPanel } from './AnalysisPanel';
import { Textarea } from '@web/components/ui/textarea';

export interface SymptomFieldProps {
  /** The textarea's id (the label points at it). */
  id: string;
  label: string;
  value: string;
  /** Receives the new text (typing or an accepted term suggestion). */
  onChange: (value: string) => void;
  /** Validation message; marks the field invalid. */
  error?: string;
  /** Default 2000 (spec doc 1 §5). */
  maxLength?: number;
  /** Called with each new analysis, and with null when the text falls under 2 characters. */
  onAnalysis?: (analysis: SymptomAnalysis | null) => void;
  /** Help text under the label. */
  hint?: string;
  /** Analyser region setting; default 'default'. */
  region?: RegionSetting;
  name?: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * The symptoms text area of the request form (spec doc 1 §2, §5, §9): a labelled textarea with a
 * live 'n/2000' counter, up to 3 medical-term completions of the word being typed (from 2
 * characters), and the analyser's answer 500 ms after typing stops.
 */
export function SymptomField({
  id,
  label,
  value,
  onChange,
  error,
  maxLength = SYMPTOM_TEXT_MAX_LENGTH,
  onAnalysis,
  hint,
  region,
  name,
  placeholder,
  required,
}: SymptomFieldProps) {
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const counterId = `${baseId}-counter`;
  const errorId = `${baseId}-error`;
  const termsId = `${baseId}-terms`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const { analysis, isAnalyzing } = useSymptomAnalysis(value, { region });
  const terms = suggestMedicalTerms(value);

  const reportAnalysis = useEffectEvent((next: SymptomAnalysis | null) => onAnalysis?.(next));
  const reported = useRef<SymptomAnalysis | null>(null);
  useEffect(() => {
    if (analysis === reported.current) return;
    reported.current = analysis;
    reportAnalysis(analysis);
  }, [analysis]);

  function acceptTerm(term: string) {
    onChange(completeCurrentWord(value, term, maxLength));
    textareaRef.current?.focus();
  }

  const nearLimit = value.length >= maxLength * 0.9;
  const describedBy = [hint && hintId, counterId, error && errorId].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </Label>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <Textarea
        className="min-h-32"
        ref={textareaRef}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        placeholder={placeholder}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        rows={5}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p
          id={counterId}
          className={cn(
            'shrink-0 text-xs tabular-nums text-muted-foreground',
            nearLimit && 'font-semibold text-warning-foreground',
          )}
        >
          <span>
            {value.length}/{maxLength}
          </span>
          <span className="sr-only"> characters</span>
        </p>
      </div>
      {terms.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span id={termsId} className="text-xs font-medium text-muted-foreground">
            Suggested terms:
          </span>
          <ul className="flex flex-wrap gap-2" aria-labelledby={termsId}>
            {terms.map((term) => (
              <li key={term}>
                <button
                  type="button"
                  onClick={() => acceptTerm(term)}
                  className="rounded-full border border-primary/30 bg-primary-soft px-3 py-1 text-sm font-medium text-primary transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  {term}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <AnalysisPanel analysis={analysis} isAnalyzing={isAnalyzing} />
    </div>
  );
}
