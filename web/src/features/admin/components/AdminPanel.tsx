import { ClipboardList, FileText, LayoutDashboard, ScrollText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AdminApplication } from '@shared/admin/api';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AdminHeader } from './AdminHeader';
import { DashboardTab } from './DashboardTab';
import { StatTiles } from './StatTiles';

/*
 * The panel opens on the Dashboard tab: the other tabs and the review dialog load with the first
 * click that shows them (issue 29 item 6: they were about 7 KB gzip of the panel's first load).
 * `adminPanelParts` is exported for tests that render them at once.
 */
const loadApplicationsTab = () => import('./ApplicationsTab');
const loadCasesTab = () => import('./CasesTab');
const loadAuditLogsTab = () => import('./AuditLogsTab');
const loadReviewDialog = () => import('./ReviewDialog');
export const adminPanelParts = [
  loadApplicationsTab,
  loadCasesTab,
  loadAuditLogsTab,
  loadReviewDialog,
];

const ApplicationsTab = lazy(() =>
  loadApplicationsTab().then((module) => ({ default: module.ApplicationsTab })),
);
const CasesTab = lazy(() => loadCasesTab().then((module) => ({ default: module.CasesTab })));
const AuditLogsTab = lazy(() =>
  loadAuditLogsTab().then((module) => ({ default: module.AuditLogsTab })),
);
const ReviewDialog = lazy(() =>
  loadReviewDialog().then((module) => ({ default: module.ReviewDialog })),
);

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
        {/* TabsContent mounts only the selected tab's content: a lazy tab loads when first shown. */}
        <TabsContent value="applications">
          <Suspense fallback={null}>
            <ApplicationsTab onReview={review} />
          </Suspense>
        </TabsContent>
        <TabsContent value="cases">
          <Suspense fallback={null}>
            <CasesTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="logs">
          <Suspense fallback={null}>
            <AuditLogsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
      {reviewing ? (
        <Suspense fallback={null}>
          <ReviewDialog application={reviewing} onClose={closeReview} />
        </Suspense>
      ) : null}
    </div>
  );
}
