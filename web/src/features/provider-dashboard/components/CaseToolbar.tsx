import { RefreshCw, Search } from 'lucide-react';
import { CASE_SEARCH_MAX_LENGTH } from '@shared/cases/provider-case';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { isStatusFilter, statusFilters, type CaseFilters } from '../lib/filters';

/**
 * Search by id or symptoms, the status filter and Refresh (spec doc 2 §2). The search is as long
 * as the summary it matches (`CASE_SEARCH_MAX_LENGTH`): the server refuses a longer one.
 */
export function CaseToolbar({
  filters,
  onChange,
  onRefresh,
  refreshing,
}: {
  filters: CaseFilters;
  onChange: (filters: CaseFilters) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-2">
        <Label htmlFor="provider-case-search">Search cases</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="provider-case-search"
            type="search"
            className="pl-9"
            placeholder="Search by ID or symptoms"
            value={filters.search}
            maxLength={CASE_SEARCH_MAX_LENGTH}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-2 sm:w-52">
        <Label htmlFor="provider-status-filter">Status</Label>
        <NativeSelect
          id="provider-status-filter"
          value={filters.status}
          onChange={(event) => {
            if (isStatusFilter(event.target.value)) {
              onChange({ ...filters, status: event.target.value });
            }
          }}
        >
          {statusFilters.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw
          className={refreshing ? 'motion-safe:animate-spin' : undefined}
          aria-hidden="true"
        />
        Refresh
      </Button>
    </div>
  );
}
