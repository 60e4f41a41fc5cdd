// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminListLogs } from '@shared/admin/contracts';
import { json, reply, routeOf } from '@web/testing/api-mock';
import { toasts } from '@web/testing/dom';
import { mockAdminApi, signInAdminForEachTest } from '../testing/admin-api';
import { TOKEN, logs } from '../testing/admin-fixtures';
import { openTab, renderAdmin } from '../testing/render-admin';

signInAdminForEachTest();

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function showLogs() {
  await renderAdmin();
  openTab('Audit Logs');
  return screen.findByRole('list', { name: 'Audit log entries' });
}

describe('Audit Logs tab', () => {
  it('words each entry by its action, newest first, in a 24rem scroll area', async () => {
    const api = mockAdminApi();
    const list = await showLogs();
    expect(list.className).toContain('max-h-96');
    expect(list.className).toContain('overflow-y-auto');
    expect(list.tabIndex).toBe(0);

    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Application Approved',
      'Application Rejected',
      'Application Submitted',
      'SUSPENDED',
    ]);
    const dots = items.map((item) => item.querySelector('[data-testid="audit-dot"]')?.className);
    expect(dots[0]).toContain('bg-green-600');
    expect(dots[1]).toContain('bg-red-600');
    expect(dots[2]).toContain('bg-blue-600');
    expect(dots[3]).toContain('bg-slate-400');

    const approved = within(items[0]!);
    expect(approved.getByText('APP-K7QF-29XM')).toBeTruthy();
    expect(approved.getByText('admin-1')).toBeTruthy();
    expect(approved.getByText('Status:').nextElementSibling?.textContent).toBe(
      'Pending →to Approved',
    );
    expect(approved.getByText('Verified, "all good", thanks')).toBeTruthy();
    expect(approved.getByText('January 7, 2025', { exact: false }).tagName).toBe('TIME');

    const created = within(items[2]!);
    expect(created.getByText('System')).toBeTruthy();
    expect(created.getByText('Status:').nextElementSibling?.textContent).toBe('Pending');

    expect(api.calls(adminListLogs)[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('words an access record by who read which cases in which request, with no application', async () => {
    const access = {
      ...logs[0]!,
      id: 'log-9',
      action: 'CASE_DETAILS_VIEWED',
      applicationId: '',
      adminId: '',
      previousStatus: null,
      newStatus: '',
      notes: '1 download link(s) issued: att-1',
      actorRole: 'provider' as const,
      actorId: 'prov-7',
      caseIds: ['0f9e8d7c-aaaa-4bbb-8ccc-123456789abc'],
      requestId: 'req-42',
    };
    mockAdminApi({ [routeOf(adminListLogs)]: () => json({ items: [access], nextCursor: null }) });
    const list = await showLogs();
    const item = within(within(list).getByRole('listitem'));
    expect(item.getByText('Case Details Viewed')).toBeTruthy();
    expect(item.getByText('Read by:').nextElementSibling?.textContent).toBe('Provider prov-7');
    expect(item.getByText('Case:').nextElementSibling?.textContent).toBe(access.caseIds[0]);
    expect(item.getByText('Request:').nextElementSibling?.textContent).toBe('req-42');
    expect(item.getByText('1 download link(s) issued: att-1')).toBeTruthy();
    expect(item.queryByText('Application:')).toBeNull();
    expect(item.queryByText('System')).toBeNull();
  });

  it('shows the empty state', async () => {
    mockAdminApi({ [routeOf(adminListLogs)]: () => json({ items: [], nextCursor: null }) });
    await renderAdmin();
    openTab('Audit Logs');
    expect(await screen.findByText('No audit logs available')).toBeTruthy();
  });

  it('shows a fetch failure and disables the export', async () => {
    mockAdminApi({ [routeOf(adminListLogs)]: () => json({ message: 'boom' }, 500) });
    await renderAdmin();
    openTab('Audit Logs');
    expect(await screen.findByText('Failed to fetch audit logs')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export CSV' }).disabled).toBe(
      true,
    );
  });

  it('exports the logs as audit-logs-{date}.csv through a Blob download', async () => {
    mockAdminApi();
    await showLogs();

    let blob: Blob | undefined;
    const createObjectURL = vi.fn((value: Blob) => {
      blob = value;
      return 'blob:http://localhost/audit';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 0, 9, 23, 30) });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(clicked).toEqual([
      {
        href: 'blob:http://localhost/audit',
        download: 'audit-logs-2025-01-09.csv',
        attached: true,
      },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const text = await blob!.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"Timestamp","Action","Application ID","Admin ID","Previous Status","New Status","Notes","Log ID","Actor Role","Actor ID","Case IDs","Request ID"',
    );
    expect(lines[1]).toBe(
      '"2025-01-07T09:30:00.000Z","APPROVED","K7QF-29XM","admin-1","pending","approved","Verified, ""all good"", thanks","log-4","","","",""',
    );
    // A line break inside a field stays inside its quotes.
    expect(text).toContain('"License expired\nPlease reapply"');
    expect(text).toContain(
      '"2025-01-05T15:04:00.000Z","CREATED","K7QF-29XM","","","pending","","log-2","","","",""',
    );
    expect(text.endsWith('\r\n')).toBe(true);

    expect(await toasts().findByText('Export Complete')).toBeTruthy();
    expect(toasts().getByText('Audit logs exported successfully')).toBeTruthy();
  });
});

describe('Audit Logs tab pages', () => {
  it('shows the first page with Load more, and exports every page', async () => {
    const [first, ...rest] = logs;
    const api = mockAdminApi({
      [routeOf(adminListLogs)]: ({ url }) =>
        url.searchParams.get('cursor') === 'more'
          ? reply(adminListLogs, { items: rest, nextCursor: null })
          : reply(adminListLogs, { items: [first!], nextCursor: 'more' }),
    });
    const list = await showLogs();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();

    let blob: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (value: Blob) => {
          blob = value;
          return 'blob:http://localhost/audit';
        },
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await toasts().findByText('Export Complete')).toBeTruthy();
    const lines = (await blob!.text()).split('\r\n').filter(Boolean);
    // The header and every entry of both pages, newest first.
    expect(lines).toHaveLength(1 + logs.length);
    for (const entry of logs) expect(await blob!.text()).toContain(`"${entry.id}"`);
    expect(api.calls(adminListLogs).some((r) => r.url.searchParams.get('cursor') === 'more')).toBe(
      true,
    );
    // The list shown is still the first page: the export read the rest on its own.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says so when the export cannot read the rest of the log', async () => {
    mockAdminApi({
      [routeOf(adminListLogs)]: ({ url }) =>
        url.searchParams.get('cursor')
          ? json({ message: 'boom' }, 503)
          : reply(adminListLogs, { items: logs, nextCursor: 'more' }),
    });
    await showLogs();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await toasts().findByText('Export Failed')).toBeTruthy();
  });
});
