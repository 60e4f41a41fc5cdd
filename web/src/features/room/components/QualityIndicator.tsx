import { SignalHigh, SignalLow, SignalMedium, SignalZero, type LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';
import type { CallQuality, QualityLevel } from '../lib/call-quality';

const LEVELS: Record<QualityLevel, { label: string; icon: LucideIcon; className: string }> = {
  good: { label: 'Good', icon: SignalHigh, className: 'text-success' },
  weak: { label: 'Weak', icon: SignalMedium, className: 'text-warning' },
  poor: { label: 'Poor', icon: SignalLow, className: 'text-destructive' },
  lost: { label: 'Lost', icon: SignalZero, className: 'text-destructive' },
};

const PATH_LABELS = { direct: 'Direct', relayed: 'Relayed' } as const;

/** The figures behind the label, for the doctor: path, round trip, loss, jitter. */
export function qualityDetails(quality: CallQuality): string {
  const lossPct = Math.max(quality.receiveLossPct ?? 0, quality.sendLossPct ?? 0);
  return [
    quality.path ? PATH_LABELS[quality.path] : null,
    quality.rttMs === null ? null : `${quality.rttMs} ms`,
    quality.receiveLossPct === null && quality.sendLossPct === null ? null : `${lossPct}% loss`,
    quality.jitterMs === null ? null : `${quality.jitterMs} ms jitter`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The call's quality as a patient understands it (issue 26 item 5): 'Connection: Good', 'Weak',
 * 'Poor' or 'Lost' with signal bars, never "Relayed" (in production every call is relayed, and
 * the word says nothing about the call). The figures are a secondary line for the doctor
 * (`details`) and the element's title; the path stays in `data-path` for the end-to-end tests.
 * Only the label is a live region: it changes with the smoothed level, not every 2 s.
 */
export function QualityIndicator({
  quality,
  details = false,
}: {
  quality: CallQuality | null;
  details?: boolean;
}) {
  const level = quality ? LEVELS[quality.level] : null;
  const Icon = level?.icon ?? SignalZero;
  const figures = quality ? qualityDetails(quality) : '';
  return (
    <div
      data-testid="connection-indicator"
      {...(quality?.path ? { 'data-path': quality.path } : {})}
      {...(quality ? { 'data-level': quality.level } : {})}
      {...(figures ? { title: figures } : {})}
      className="flex items-center gap-2 text-sm"
    >
      <Icon
        className={cn('size-5 shrink-0', level?.className ?? 'text-muted-foreground')}
        aria-hidden="true"
      />
      <div className="grid">
        <span role="status" className="font-medium">
          {level ? `Connection: ${level.label}` : 'Checking your connection...'}
        </span>
        {details && figures ? (
          <span className="text-xs text-muted-foreground">{figures}</span>
        ) : null}
      </div>
    </div>
  );
}
