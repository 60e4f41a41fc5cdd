import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Home } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { CaseListView, ProviderCaseSummary } from '@shared/cases/provider-case';
import { claimMessages } from '@shared/cases/provider-case';
import type { ProviderSession } from '@shared/providers/api';
import type { CaseAlert } from '@shared/realtime/api';
import { IconLinkButton } from '@web/components/IconLinkButton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/hooks/use-toast';
import { ApiError, serverMessageOf } from '@web/lib/api';
import { useDebouncedValue } from '@web/hooks/use-debounced-value';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { caseListQueryOptions, useClaimCase } from '../api/cases';
import { providerKeys } from '../api/keys';
import { useBackgroundAlerts } from '../hooks/use-background-alerts';
import { useLiveAlerts } from '../hooks/use-live-alerts';
import { useStartCall } from '../hooks/use-start-call';
import { shortCaseId, SUMMARY_LIMITS, truncate } from '../lib/case-view';
import {
  caseListFilterOf,
  caseTabs,
  isCaseTab,
  NO_FILTERS,
  type CaseFilters,
} from '../lib/filters';
import { providerToasts } from '../lib/labels';
import { BlockedRoomNotice } from './BlockedRoomNotice';
import type { CaseCardActions } from './CaseCard';
import { CaseCounters } from './CaseCounters';
import { CaseList } from './CaseList';
import { CaseToolbar } from './CaseToolbar';
import { DashboardHeader } from './DashboardHeader';
import { paths } from '@web/lib/paths';

const CaseDetailsDialog = lazy(() => import('./CaseDetailsDialog'));

/**
 * The toast of a live alert: the case id and the first 50 characters of the summary; an unpaid
 * case's alert has no summary (@shared/realtime/api), so the id alone.
 */
export function alertToast({ type, case: item }: CaseAlert) {
  const summary = item.triageSummary ? truncate(item.triageSummary, SUMMARY_LIMITS.alert) : null;
  return {
    title: type === 'CASE_PAID_READY' ? 'New case ready for care' : 'New case created',
    description: `Case ${shortCaseId(item.id)}${summary ? `: ${summary}` : ''}`,
  };
}

/** The claim's refusal in words: the server's message, else the error's (spec doc 2 §8). */
function claimFailure(error: Error): string {
  return serverMessageOf(error) ?? error.message;
}

/** How long typing in the search must pause before the list is asked for again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The signed-in dashboard (spec doc 2 §2). */
export function ProviderDashboard({ provider }: { provider: ProviderSession }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<CaseListView>('available');
  const [filters, setFilters] = useState<CaseFilters>(NO_FILTERS);
  const [viewing, setViewing] = useState<ProviderCaseSummary | null>(null);
  // Cases this provider lost a claim race for: they stay on the list as 'Claimed' (spec doc 2
  // §2) until the tab changes, though the refreshed queue no longer holds them.
  const [lost, setLost] = useState<ProviderCaseSummary[]>([]);

  const background = useBackgroundAlerts();
  const { notePaidCase } = background;
  const onAlert = useCallback(
    (alert: CaseAlert) => {
      const words = alertToast(alert);
      toast(words);
      if (alert.type === 'CASE_PAID_READY') notePaidCase(words.title, words.description);
    },
    [notePaidCase],
  );
  const live = useLiveAlerts(onAlert);
  useDocumentTitle(
    background.unseen > 0 ? `(${background.unseen}) Provider Dashboard` : 'Provider Dashboard',
  );

  // Typing is sent once it pauses; clearing the search shows the whole list at once.
  const typedSearch = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const listFilter = caseListFilterOf({
    search: filters.search.trim() === '' ? '' : typedSearch,
    status: filters.status,
  });
  const list = useInfiniteQuery(caseListQueryOptions(tab, listFilter));
  const counts = list.data?.pages[0]?.counts;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: providerKeys.cases() });

  const claim = useClaimCase({
    onSuccess: () => toast(providerToasts.claimed),
    onError: (error, { caseId }) => {
      toast({
        variant: 'destructive',
        ...providerToasts.claimFailed,
        description: claimFailure(error),
      });
      if (error instanceof ApiError && error.status === 409) {
        const item = list.data?.pages.flatMap((page) => page.cases).find((c) => c.id === caseId);
        if (item && claimFailure(error) === claimMessages.claimedByOther) {
          // The winner's id is not ours to know; any non-null holder reads 'Claimed'.
          setLost((current) => [
            ...current.filter((c) => c.id !== caseId),
            { ...item, status: 'claimed', claimedBy: 'another-provider', claimedByMe: false },
          ]);
        }
      }
    },
    onSettled: refresh,
  });
  const { openRoom, blockedRoomUrl, dismissBlockedRoom } = useStartCall();

  const actions: CaseCardActions = {
    onClaim: (item) => claim.mutate({ caseId: item.id, providerId: provider.id }),
    onDetails: (item) => setViewing(item),
    onStartCall: (item) => void openRoom(item.id),
    claimingId: claim.isPending ? claim.variables.caseId : undefined,
  };

  return (
    <div className="flex flex-col gap-6">
      <DashboardHeader
        name={provider.name}
        live={live}
        notifications={background.permission}
        onEnableNotifications={() => void background.requestPermission()}
      />
      <CaseCounters counts={counts} />
      {blockedRoomUrl !== null ? (
        <BlockedRoomNotice url={blockedRoomUrl} onDismiss={dismissBlockedRoom} />
      ) : null}
      <section aria-labelledby="provider-cases-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="provider-cases-title" className="text-xl font-semibold">
            Cases
          </h2>
          <IconLinkButton to={paths.home} icon={Home} variant="ghost">
            Back to Home
          </IconLinkButton>
        </div>
        <CaseToolbar
          filters={filters}
          onChange={setFilters}
          onRefresh={refresh}
          refreshing={list.isFetching}
        />
        <Tabs
          value={tab}
          onValueChange={(value) => {
            if (!isCaseTab(value)) return;
            setTab(value);
            setLost([]);
          }}
        >
          <TabsList aria-label="Case lists">
            {caseTabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {caseTabs.map(({ value }) => (
            <TabsContent key={value} value={value} className="pt-4">
              <CaseList
                view={value}
                filter={listFilter}
                extra={value === 'available' ? lost : []}
                actions={actions}
                onClearFilters={() => setFilters(NO_FILTERS)}
              />
            </TabsContent>
          ))}
        </Tabs>
      </section>
      {viewing !== null ? (
        <Suspense fallback={null}>
          <CaseDetailsDialog
            item={viewing}
            onClose={() => setViewing(null)}
            onStartMeeting={(details) => void openRoom(details.id)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
