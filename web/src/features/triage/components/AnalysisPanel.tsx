import { CircleCheck, Clock, LoaderCircle, Phone, Siren, type LucideIcon } from 'lucide-react';
import {
  EMERGENCY_PHONE,
  MAX_SUGGESTIONS,
  URGENCY_LABELS,
  meetsConfidenceThreshold,
  type SymptomAnalysis,
} from '@shared/triage';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

type Level = SymptomAnalysis['urgencyLevel'];

const LOOK: Record<
  Level,
  {
    alert: 'destructive' | 'warning' | 'default';
    badge: 'danger' | 'warning' | 'success';
    icon: LucideIcon;
  }
> = {
  emergency: { alert: 'destructive', badge: 'danger', icon: Siren },
  urgent: { alert: 'warning', badge: 'warning', icon: Clock },
  routine: { alert: 'default', badge: 'success', icon: CircleCheck },
};

export const ANALYSIS_PANEL_TEXT = {
  title: 'Symptom check',
  checking: 'Checking your symptoms...',
  preliminary: 'Preliminary',
  moreDetail: 'Add a few more details for a more reliable check.',
  disclaimer: 'This automatic check is not a diagnosis. A provider will review your request.',
} as const;

export interface AnalysisPanelProps {
  analysis: SymptomAnalysis | null;
  isAnalyzing: boolean;
  className?: string;
}

/**
 * The compact answer of the symptom analyser: an urgency badge (colour and text), the spec
 * message, up to 5 suggestions and, for an emergency, a prominent 'Call 911' link. Below the
 * confidence threshold the badge is marked "Preliminary". The wrapper is a polite live region,
 * always present so that screen readers hear each new answer; an emergency is an alert.
 */
export function AnalysisPanel({ analysis, isAnalyzing, className }: AnalysisPanelProps) {
  return (
    <div aria-live="polite" className={className}>
      {analysis ? (
        <AnalysisResult analysis={analysis} isAnalyzing={isAnalyzing} />
      ) : isAnalyzing ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
          {ANALYSIS_PANEL_TEXT.checking}
        </p>
      ) : null}
    </div>
  );
}

function AnalysisResult({
  analysis,
  isAnalyzing,
}: {
  analysis: SymptomAnalysis;
  isAnalyzing: boolean;
}) {
  const level = analysis.urgencyLevel;
  const look = LOOK[level];
  const Icon = look.icon;
  const confident = meetsConfidenceThreshold(analysis);
  const emergency = level === 'emergency';
  const suggestions = analysis.suggestions.slice(0, MAX_SUGGESTIONS);

  return (
    <Alert
      variant={look.alert}
      role={emergency ? 'alert' : 'region'}
      aria-label={ANALYSIS_PANEL_TEXT.title}
      aria-busy={isAnalyzing || undefined}
      data-urgency={level}
      className={cn(emergency && 'border-2 border-destructive')}
    >
      <Icon aria-hidden="true" />
      <AlertTitle className="flex flex-wrap items-center gap-2">
        <span>{ANALYSIS_PANEL_TEXT.title}:</span>
        <Badge variant={look.badge}>{URGENCY_LABELS[level]}</Badge>
        {!confident && (
          <Badge variant="outline" className="font-medium">
            {ANALYSIS_PANEL_TEXT.preliminary}
          </Badge>
        )}
        {isAnalyzing && (
          <LoaderCircle
            className="size-4 text-muted-foreground motion-safe:animate-spin"
            aria-label={ANALYSIS_PANEL_TEXT.checking}
          />
        )}
      </AlertTitle>
      <AlertDescription className="grid gap-3">
        <p className={cn(emergency && 'text-base font-semibold')}>{analysis.medicalContext}</p>
        {emergency && (
          <Button asChild variant="destructive" size="lg" className="w-full sm:w-fit">
            <a href={`tel:${EMERGENCY_PHONE}`}>
              <Phone aria-hidden="true" />
              Call {EMERGENCY_PHONE}
            </a>
          </Button>
        )}
        {!confident && <p>{ANALYSIS_PANEL_TEXT.moreDetail}</p>}
        {suggestions.length > 0 && (
          <ul className="grid list-disc gap-1 pl-5" aria-label="Suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        )}
        <p className="text-xs opacity-80">{ANALYSIS_PANEL_TEXT.disclaimer}</p>
      </AlertDescription>
    </Alert>
  );
}
