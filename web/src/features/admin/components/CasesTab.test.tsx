// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminListCases } from '@shared/admin/contracts';
import { json, reply, routeOf } from '@web/testing/api-mock';
import { toasts } from '@web/testing/dom';
import { mockAdminApi, signInAdminForEachTest } from '../testing/admin-api';
import { TOKEN, caseRow, cases } from '../testing/admin-fixtures';
import { detailField, expectDetailFields, openTab, renderAdmin } from '../testing/render-admin';
import { showsTriageSummary } from './CaseDetailsDialog';

signInAdminForEachTest();

async function openDetails(patientName: string) {
  fireEvent.click(await screen.findByRole('button', { name: `View Details ${patientName}` }));
  return within(screen.getByRole('dialog', { name: 'Case Details' }));
}

describe('Cases tab', () => {
  it('shows a table with column headers and one row per case', async () => {
    const api = mockAdminApi();
    await renderAdmin();
    openTab('Cases');
    const table = await screen.findByRole('table', { name: 'Patient cases' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Patient',
      'Symptoms',
      'Priority',
      'Status',
      'Provider',
      'Created',
      'Actions',
    ]);

    const [, first, second] = within(table).getAllByRole('row');
    const alex = within(first!);
    expect(alex.getByRole('rowheader').textContent).toBe('Alex Patientalex@example.com');
    expect(alex.getByText('Headache and fever for two days')).toBeTruthy();
    expect(alex.getByText('Urgent')).toBeTruthy();
    expect(alex.getByText('In Progress')).toBeTruthy();
    expect(alex.getByText('Dr. Jane Smith')).toBeTruthy();
    expect(alex.getByText('January 6, 2025 at 10:30 AM', { exact: false })).toBeTruthy();

    const sam = within(second!);
    expect(sam.getByText('Emergency')).toBeTruthy();
    expect(sam.getByText('Pending')).toBeTruthy();
    expect(sam.getByText('Unassigned')).toBeTruthy();

    expect(api.calls(adminListCases)[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('shows the empty state', async () => {
    mockAdminApi({ [routeOf(adminListCases)]: () => json({ items: [], nextCursor: null }) });
    await renderAdmin();
    openTab('Cases');
    expect(await screen.findByText('No patient cases found')).toBeTruthy();
  });

  it('shows the fetch failure', async () => {
    mockAdminApi({ [routeOf(adminListCases)]: () => json({ message: 'boom' }, 500) });
    await renderAdmin();
    openTab('Cases');
    expect(await screen.findByText('Failed to fetch cases')).toBeTruthy();
  });

  it('details: everything about the case; no triage summary when it repeats the symptoms', async () => {
    mockAdminApi();
    await renderAdmin();
    openTab('Cases');
    const dialog = await openDetails('Alex Patient');
    expectDetailFields(dialog, {
      Name: 'Alex Patient',
      Email: 'alex@example.com',
      Priority: 'Urgent',
      Status: 'In Progress',
      'Request Type': 'Video Consultation',
      Symptoms: 'Headache and fever for two days',
      'Medical History': 'Asthma',
      'Assigned Provider': 'Dr. Jane Smith',
      Location: 'Austin, TX',
      'Case ID': cases[0]!.id,
    });
    expect(detailField(dialog, 'Created')).toContain('January 6, 2025');
    expect(detailField(dialog, 'Triage Summary')).toBeUndefined();
  });

  it('details: the triage summary when it differs; Manage Case says it is coming soon', async () => {
    mockAdminApi();
    await renderAdmin();
    openTab('Cases');
    const dialog = await openDetails('Sam Example');
    expectDetailFields(dialog, {
      'Triage Summary': 'Possible cardiac event: emergency',
      Email: 'Not provided',
      'Request Type': 'Home Nurse Visit',
      'Assigned Provider': 'Unassigned',
    });

    fireEvent.click(dialog.getByRole('button', { name: 'Manage Case' }));
    expect(await toasts().findByText('Advanced case management is coming soon.')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Case Details' })).toBeNull();
  });

  it("details: the patient's feedback, rating with its label and comments, when given", async () => {
    const rated = caseRow({
      status: 'completed',
      feedback: {
        rating: 4,
        feedback: 'Quick and kind.',
        submittedAt: '2025-01-06T11:00:00.000Z',
      },
    });
    const unrated = caseRow({
      id: '3f2b8c1e-1111-4a2b-9c3d-000000000003',
      patientName: 'Nora Unrated',
      status: 'completed',
      feedback: { rating: 1, feedback: null, submittedAt: '2025-01-06T11:00:00.000Z' },
    });
    mockAdminApi({
      [routeOf(adminListCases)]: () =>
        reply(adminListCases, { items: [rated, unrated], nextCursor: null }),
    });
    await renderAdmin();
    openTab('Cases');
    const dialog = await openDetails('Alex Patient');
    expect(dialog.getByRole('heading', { name: 'Patient Feedback' })).toBeTruthy();
    expectDetailFields(dialog, { Rating: '4 of 5: Very Good', Comments: 'Quick and kind.' });
    expect(detailField(dialog, 'Submitted')).toContain('January 6, 2025');
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));

    const second = await openDetails('Nora Unrated');
    expectDetailFields(second, { Rating: '1 of 5: Poor', Comments: 'No comments' });
  });

  it('details: the money, its decision and a failed attempt at Stripe', async () => {
    const released = caseRow({
      status: 'cancelled',
      money: {
        state: 'authorized',
        decision: { action: 'void', why: 'patient_no_show', decidedAt: '2025-01-06T11:00:00.000Z' },
        settledAt: null,
        failure: { at: '2025-01-06T11:00:01.000Z', type: 'StripeConnectionError', code: null },
      },
    });
    mockAdminApi({
      [routeOf(adminListCases)]: () =>
        reply(adminListCases, { items: [released], nextCursor: null }),
    });
    await renderAdmin();
    openTab('Cases');
    const dialog = await openDetails('Alex Patient');
    expect(dialog.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expectDetailFields(dialog, { Money: 'Authorized (not charged yet)' });
    expect(detailField(dialog, 'Decision')).toContain('Release: Patient never joined');
    expect(detailField(dialog, 'Settlement failure')).toContain('StripeConnectionError');
    expect(detailField(dialog, 'Settlement failure')).toContain('retrying');
  });

  it('details: no payment section for a case never paid', async () => {
    mockAdminApi();
    await renderAdmin();
    openTab('Cases');
    const dialog = await openDetails('Alex Patient');
    expect(dialog.queryByRole('heading', { name: 'Payment' })).toBeNull();
    expect(detailField(dialog, 'Money')).toBeUndefined();
  });

  it('details: no feedback section before the patient gives one', async () => {
    mockAdminApi();
    await renderAdmin();
    openTab('Cases');
    const dialog = await openDetails('Alex Patient');
    expect(dialog.queryByRole('heading', { name: 'Patient Feedback' })).toBeNull();
    expect(detailField(dialog, 'Rating')).toBeUndefined();
  });

  it('compares the triage summary with the symptoms ignoring outer spaces', () => {
    expect(showsTriageSummary({ symptoms: 'Cough', triageSummary: ' Cough ' })).toBe(false);
    expect(showsTriageSummary({ symptoms: 'Cough', triageSummary: '' })).toBe(false);
    expect(showsTriageSummary({ symptoms: 'Cough', triageSummary: 'Cough, routine' })).toBe(true);
  });
});

describe('Cases tab pages', () => {
  it('reads the next page with the cursor on Load more, again after a failure', async () => {
    const later = caseRow({ id: 'case-later', patientName: 'Lee Later' });
    let nextPageReads = 0;
    const api = mockAdminApi({
      [routeOf(adminListCases)]: ({ url }) => {
        if (url.searchParams.get('cursor') !== 'p2') {
          return reply(adminListCases, { items: cases, nextCursor: 'p2' });
        }
        nextPageReads += 1;
        return nextPageReads === 1
          ? json({ message: 'boom' }, 503)
          : reply(adminListCases, { items: [later], nextCursor: null });
      },
    });
    await renderAdmin();
    openTab('Cases');
    const table = await screen.findByRole('table', { name: 'Patient cases' });
    expect(within(table).getAllByRole('row')).toHaveLength(cases.length + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to fetch cases')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(cases.length + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Lee Later')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(cases.length + 2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByText('Failed to fetch cases')).toBeNull();
    expect(api.calls(adminListCases).map((r) => r.url.search)).toEqual([
      '?limit=25',
      '?limit=25&cursor=p2',
      '?limit=25&cursor=p2',
    ]);
  });
});
