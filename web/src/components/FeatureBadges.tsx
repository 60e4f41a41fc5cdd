import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';

export interface FeatureBadge {
  icon: LucideIcon;
  text: ReactNode;
  /** `highlight` is the green FREE-testing badge; others are outlined. */
  tone?: 'outline' | 'highlight';
}

/** The row of reassurance badges at the top of the landing, intake and provider pages. */
export function FeatureBadges({ label, badges }: { label: string; badges: FeatureBadge[] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {badges.map(({ icon: Icon, text, tone = 'outline' }, index) => (
        <li key={index}>
          {tone === 'highlight' ? (
            <Badge variant="success">
              <Icon aria-hidden="true" />
              {text}
            </Badge>
          ) : (
            <Badge variant="outline" className="bg-background">
              <Icon className="text-primary" aria-hidden="true" />
              {text}
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
