import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

/**
 * A card that is a labelled region: an `h2` title (id `titleId`, which names the region) over
 * its content. `headerClassName` defaults to the usual `pb-4`.
 */
export function SectionCard({
  titleId,
  title,
  className,
  headerClassName = 'pb-4',
  contentClassName,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className?: string;
  headerClassName?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader className={headerClassName}>
        <CardTitle asChild>
          <h2 id={titleId}>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
