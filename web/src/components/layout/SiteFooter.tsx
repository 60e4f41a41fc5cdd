import { Lock } from 'lucide-react';

export function SiteFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 text-sm text-muted-foreground sm:grid-cols-2 sm:px-6">
        <div>
          <p className="font-semibold text-foreground">TeleHealth</p>
          <p className="mt-1">
            Video consultations with licensed doctors and home nurse visits, 24 hours a day, 7 days
            a week.
          </p>
        </div>
        <div className="sm:text-right">
          <p className="flex items-center gap-1.5 sm:justify-end">
            <Lock className="size-4 shrink-0" aria-hidden="true" />
            HIPAA-compliant, encrypted platform
          </p>
          <p className="mt-1">Not for emergencies. In a medical emergency, call 911.</p>
        </div>
      </div>
    </footer>
  );
}
