import { Clock, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FORM_BADGES, FORM_TITLE } from '../lib/messages';

/** 'Tell Us How You Feel' with its reassurance badges (spec doc 1 §2). */
export function FormCard({ children }: { children: ReactNode }) {
  const [privateBadge, timeBadge] = FORM_BADGES;
  return (
    <Card role="region" aria-labelledby="intake-form-title">
      <CardHeader className="gap-3">
        <CardTitle asChild className="text-2xl">
          <h2 id="intake-form-title" tabIndex={-1} className="outline-none">
            {FORM_TITLE}
          </h2>
        </CardTitle>
        <ul className="flex flex-wrap gap-2" aria-label="About this form">
          <li>
            <Badge variant="secondary">
              <ShieldCheck aria-hidden="true" />
              {privateBadge}
            </Badge>
          </li>
          <li>
            <Badge variant="secondary">
              <Clock aria-hidden="true" />
              {timeBadge}
            </Badge>
          </li>
        </ul>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
