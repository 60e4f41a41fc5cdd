import { LayoutDashboard, UserPlus } from 'lucide-react';
import { IconLinkButton } from '@web/components/IconLinkButton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApplicationStatusCheck } from '@web/features/doctor-applications';
import { paths } from '@web/lib/paths';

export function ProvidersSection() {
  return (
    <div className="border-t bg-background py-16 sm:py-20">
      <div className="mx-auto grid max-w-6xl items-start gap-6 px-4 sm:px-6 lg:grid-cols-2">
        <Card aria-labelledby="providers-title" role="region">
          <CardHeader>
            <CardTitle asChild className="text-2xl">
              <h2 id="providers-title">Healthcare Providers</h2>
            </CardTitle>
            <CardDescription className="text-base">
              Licensed doctors: sign in to see paid cases and start consultations, or apply to join
              our network. Applications are reviewed within 1-2 business days.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row">
            <IconLinkButton to={paths.providerDashboard} icon={LayoutDashboard} size="lg">
              Provider Dashboard
            </IconLinkButton>
            <IconLinkButton to={paths.apply} icon={UserPlus} size="lg" variant="outline">
              Apply to Join Network
            </IconLinkButton>
          </CardContent>
        </Card>

        <Card aria-labelledby="status-check-title" role="region">
          <CardHeader>
            <CardTitle asChild className="text-2xl">
              <h2 id="status-check-title">Check Your Application Status</h2>
            </CardTitle>
            <CardDescription className="text-base">
              Applied to join? Enter your application ID to see where your review stands.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ApplicationStatusCheck />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
