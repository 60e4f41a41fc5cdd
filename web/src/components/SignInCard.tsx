import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** The frame of a panel's sign-in (and password) form: the page heading and one card. */
export function SignInCard({
  heading,
  icon: Icon,
  title,
  description,
  children,
}: {
  /** The page's h1 (the panel's name). */
  heading: string;
  icon: LucideIcon;
  /** The card's h2. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="mb-6 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{heading}</h1>
      </div>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
