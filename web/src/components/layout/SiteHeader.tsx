import { Phone, Stethoscope } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/lib/paths';

export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      {children}
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={paths.home}
          className="flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground">
            <Stethoscope className="size-5" aria-hidden="true" />
          </span>
          TeleHealth
        </Link>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Phone className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            <span className="hidden sm:inline">Medical emergency? </span>Call{' '}
            <strong className="font-semibold text-foreground">911</strong>
          </span>
        </p>
      </div>
    </header>
  );
}
