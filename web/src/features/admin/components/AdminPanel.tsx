import { ClipboardList, FileText, LayoutDashboard, ScrollText } from 'lucide-react';
import { useState } from 'react';
import type { AdminApplication } from '@shared/admin/api';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AdminHeader } from './AdminHeader';
import { ApplicationsTab } from './ApplicationsTab';
import { AuditLogsTab } from './AuditLogsTab';
import { CasesTab } from './CasesTab';
import { DashboardTab } from './DashboardTab';
import { ReviewDialog } from './ReviewDialog';
import { StatTiles } from './StatTiles';

export const ADMIN_TABS = [
  { value: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { value: 'applications', label: 'Applications', icon: FileText },
  { value: 'cases', label: 'Cases', icon: ClipboardList },
  { value: 'logs', label: 'Audit Logs', icon: ScrollText },
] as const;

type AdminTab = (typeof ADMIN_TABS)[number]['value'];

function isAdminTab(value: string): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value);
}

/** The signed-in panel: header, six stat tiles and four tabs (spec doc 2 §2). */
export function AdminPanel() {
  const [tab, setTab] = useState<AdminTab>('dashboard');
  const [reviewing, setReviewing] = useState<AdminApplication | null>(null);

  const review = (application: AdminApplication) => setReviewing(application);
  const closeReview = (applicationId?: string) =>
    setReviewing((current) =>
      applicationId === undefined || current?.id === applicationId ? null : current,
    );

  return (
    <div className="flex flex-col gap-6">
      <AdminHeader />
      <StatTiles />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isAdminTab(value)) setTab(value);
        }}
      >
        <TabsList aria-label="Admin sections">
          {ADMIN_TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="dashboard">
          <DashboardTab
            onReview={(application) => {
              // The review dialog belongs to the Applications tab (spec doc 2 §2).
              setTab('applications');
              review(application);
            }}
          />
        </TabsContent>
        <TabsContent value="applications">
          <ApplicationsTab onReview={review} />
        </TabsContent>
        <TabsContent value="cases">
          <CasesTab />
        </TabsContent>
        <TabsContent value="logs">
          <AuditLogsTab />
        </TabsContent>
      </Tabs>
      <ReviewDialog application={reviewing} onClose={closeReview} />
    </div>
  );
}
