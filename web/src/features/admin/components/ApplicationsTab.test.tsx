// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewApplication } from '../api/review-application';
import {
  adminApproveApplication,
  adminListApplications,
  adminRejectApplication,
  adminStats,
} from '@shared/admin/contracts';
import { getClientConfig } from '@shared/config/contracts';
import { listApplicationAttachments } from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { json, routeOf } from '@web/testing/api-mock';
import { toasts } from '@web/testing/dom';
import { mockAdminApi, signInAdminForEachTest } from '../testing/admin-api';
import { TOKEN, application, applications } from '../testing/admin-fixtures';
import { detailField, expectDetailFields, openTab, renderAdmin } from '../testing/render-admin';

signInAdminForEachTest();

const JANE = applications[0]!;
const OMAR = applications[1]!;
const APPROVE = `POST ${pathOf(adminApproveApplication, { id: JANE.id })}`;
const REJECT = `POST ${pathOf(adminRejectApplication, { id: JANE.id })}`;
/** The documents route as the panel calls it: by the list item's `id`. */
const attachmentsOf = (id: string) =>
  `GET ${pathOf(listApplicationAttachments, { applicationId: id })}`;

async function showApplications() {
  await renderAdmin();
  openTab('Applications');
  await screen.findByRole('list', { name: 'Applications' });
}

async function openReview(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Review ${name}` }));
  return within(await screen.findByRole('dialog', { name: 'Review Application' }));
}

function reviewDialog() {
  return screen.queryByRole('dialog', { name: 'Review Application' });
}

describe('Applications tab', () => {
  it('lists cards with name, specialization, status, contact, date and experience', async () => {
    mockAdminApi();
    await showApplications();
    const cards = within(screen.getByRole('list', { name: 'Applications' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(applications.length);
    const jane = within(cards[0]!);
    expect(jane.getByRole('heading', { level: 3 }).textContent).toBe('Dr. Jane Smith');
    for (const text of [
      'Cardiology',
      'Pending',
      'jane@example.com',
      '555-123-4567',
      'January 5, 2025',
      '12 years experience',
    ]) {
      expect(jane.getByText(text)).toBeTruthy();
    }
    expect(within(cards[1]!).getByText('1 year experience')).toBeTruthy();
  });

  it('sends the debounced search and the status filter; All omits the status', async () => {
    const api = mockAdminApi();
    await showApplications();
    const list = () => api.calls(adminListApplications).map((r) => r.url.search);
    // Switching tabs may cancel the dashboard's request and ask again: same URL.
    expect(new Set(list())).toEqual(new Set(['?limit=25']));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'under_review' } });
    await waitFor(() => expect(list()).toContain('?status=under_review&limit=25'));

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'J' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' Jane Smith ' } });
    await waitFor(() =>
      expect(list()).toContain('?status=under_review&search=Jane%20Smith&limit=25'),
    );
    // Typing is debounced: the half-typed 'J' is never sent.
    expect(list().some((search) => search.includes('search=J&'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(list()).toContain('?search=Jane%20Smith&limit=25'));
    // Every admin call carries the token (the public client configuration needs none).
    const adminCalls = api.calls().filter((r) => r.route !== routeOf(getClientConfig));
    expect(adminCalls.length).toBeGreaterThan(0);
    expect(adminCalls.every((r) => r.headers.Authorization === `Bearer ${TOKEN}`)).toBe(true);

    const options = within(screen.getByLabelText('Status')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All',
      'Pending',
      'Under Review',
      'Approved',
      'Rejected',
    ]);
  });

  it('shows the empty state', async () => {
    mockAdminApi({
      [routeOf(adminListApplications)]: () => json({ items: [], nextCursor: null }),
    });
    await renderAdmin();
    openTab('Applications');
    expect(
      await screen.findByText('No applications found. Try adjusting your search criteria'),
    ).toBeTruthy();
  });

  it('shows a fetch error', async () => {
    mockAdminApi({ [routeOf(adminListApplications)]: () => json({ message: 'x' }, 500) });
    await renderAdmin();
    openTab('Applications');
    expect(await screen.findByText('Failed to fetch applications')).toBeTruthy();
  });
});

describe('Applications tab pages', () => {
  const second = application({
    id: 'app-9',
    applicationId: 'NEXT-0009',
    fullName: 'Dr. Next Page',
  });

  it('loads the next page with the cursor on Load more, and says so when it fails', async () => {
    let nextPageReads = 0;
    const api = mockAdminApi({
      [routeOf(adminListApplications)]: ({ url }) => {
        if (!url.searchParams.has('cursor')) return json({ items: applications, nextCursor: 'c1' });
        nextPageReads += 1;
        // The first read of the next page fails; Load more tries again.
        return nextPageReads === 1
          ? json({ message: 'boom' }, 503)
          : json({ items: [second], nextCursor: null });
      },
    });
    await showApplications();
    const more = await screen.findByRole('button', { name: 'Load more' });
    fireEvent.click(more);
    expect(await screen.findByText('Failed to fetch applications')).toBeTruthy();
    // What was shown stays.
    expect(screen.getByText('Dr. Jane Smith')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Dr. Next Page')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch applications')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const cursors = api
      .calls(adminListApplications)
      .map((r) => r.url.searchParams.get('cursor'))
      .filter(Boolean);
    expect(cursors).toEqual(['c1', 'c1']);
    const cards = within(screen.getByRole('list', { name: 'Applications' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(applications.length + 1);
  });
});

describe('Review dialog', () => {
  it('shows personal and professional details, with Not provided where missing', async () => {
    mockAdminApi({
      [attachmentsOf(OMAR.id)]: () => json([]),
    });
    await showApplications();
    const dialog = await openReview(OMAR.fullName);

    expect(dialog.getByText('APP-B2CD-3EFG')).toBeTruthy();
    expectDetailFields(dialog, {
      'Full Name': 'Dr. Omar Haddad',
      Email: 'omar@example.com',
      Phone: '555-123-4567',
      'Date of Birth': 'Not provided',
      Specialization: 'Pediatrics',
      'Medical License': 'MD123456',
      'License State': 'CA',
      'Years of Experience': '1 year experience',
      'Hospital Affiliation': 'Not provided',
    });
    expect(dialog.getByRole('heading', { name: 'Documents' })).toBeTruthy();
    expect(await dialog.findByText('No documents uploaded')).toBeTruthy();
    expect(dialog.getByLabelText('Administrative Notes')).toBeTruthy();
    for (const name of ['Cancel', 'Reject', 'Approve']) {
      expect(dialog.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows the hospital affiliation when there is one; Cancel closes', async () => {
    mockAdminApi();
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    expect(detailField(dialog, 'Hospital Affiliation')).toBe('General Hospital');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(reviewDialog()).toBeNull();
  });

  it('closes on Escape and returns focus to the Review button', async () => {
    mockAdminApi();
    await showApplications();
    const trigger = await screen.findByRole('button', { name: `Review ${JANE.fullName}` });
    trigger.focus();
    fireEvent.click(trigger);
    const element = await screen.findByRole('dialog', { name: 'Review Application' });
    fireEvent(element, new Event('cancel', { cancelable: true }));
    expect(reviewDialog()).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('approves with the notes, then toasts, refreshes and closes', async () => {
    const api = mockAdminApi({
      [APPROVE]: () =>
        json({ success: true, application: application({ status: 'approved' }), emailSent: true }),
    });
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    await dialog.findByText('license.pdf');
    fireEvent.change(dialog.getByLabelText('Administrative Notes'), {
      target: { value: 'All documents verified' },
    });
    const statsBefore = api.calls(adminStats).length;
    const listsBefore = api.calls(adminListApplications).length;
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));

    expect(await toasts().findByText('Application Approved')).toBeTruthy();
    expect(
      toasts().getByText('The doctor has been sent their login credentials by email.'),
    ).toBeTruthy();
    const [approve] = api.calls(APPROVE);
    expect(approve?.body).toEqual({ notes: 'All documents verified', expectedVersion: 0 });
    expect(approve?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(approve?.headers['Content-Type']).toBe('application/json');
    await waitFor(() => expect(reviewDialog()).toBeNull());
    await waitFor(() => expect(api.calls(adminStats).length).toBe(statsBefore + 1));
    await waitFor(() => expect(api.calls(adminListApplications).length).toBe(listsBefore + 1));

    // The notes were cleared with the dialog.
    const again = await openReview(JANE.fullName);
    expect(again.getByLabelText<HTMLTextAreaElement>('Administrative Notes').value).toBe('');
  });

  it('rejects with the notes, then toasts, refreshes and closes', async () => {
    const api = mockAdminApi({
      [REJECT]: () =>
        json({ success: true, application: application({ status: 'rejected' }), emailSent: true }),
    });
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    fireEvent.change(dialog.getByLabelText('Administrative Notes'), {
      target: { value: 'License expired' },
    });
    const statsBefore = api.calls(adminStats).length;
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));

    expect(await toasts().findByText('Application Rejected')).toBeTruthy();
    expect(
      toasts().getByText('The application has been rejected and the doctor has been notified.'),
    ).toBeTruthy();
    expect(api.calls(REJECT)[0]?.body).toEqual({ notes: 'License expired', expectedVersion: 0 });
    await waitFor(() => expect(reviewDialog()).toBeNull());
    await waitFor(() => expect(api.calls(adminStats).length).toBe(statsBefore + 1));
  });

  it('offers Approve and Reject whatever the current status', async () => {
    mockAdminApi({
      [attachmentsOf(OMAR.id)]: () => json([]),
    });
    await showApplications();
    const dialog = await openReview(OMAR.fullName); // already approved
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Approve' }).disabled).toBe(false);
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Reject' }).disabled).toBe(false);
  });

  it('keeps the dialog open and says so when approval fails', async () => {
    mockAdminApi({ [APPROVE]: () => json({ message: 'boom' }, 500) });
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await toasts().findByText('Approval Failed')).toBeTruthy();
    expect(toasts().getByText('There was an error approving the application.')).toBeTruthy();
    expect(reviewDialog()).not.toBeNull();
  });

  it('shows a destructive Rejection Failed when rejection fails', async () => {
    mockAdminApi({ [REJECT]: () => json({ message: 'boom' }, 500) });
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    const title = await toasts().findByText('Rejection Failed');
    expect(toasts().getByText('There was an error rejecting the application.')).toBeTruthy();
    expect(title.closest('li')?.className).toContain('bg-destructive');
    expect(reviewDialog()).not.toBeNull();
  });

  it('refreshes the lists when another admin reviewed the application first (409)', async () => {
    const api = mockAdminApi({
      [APPROVE]: () =>
        json(
          { message: 'The application changed while it was being reviewed. Please try again.' },
          409,
        ),
    });
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    const listsBefore = api.calls(adminListApplications).length;
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await toasts().findByText('Approval Failed')).toBeTruthy();
    expect(api.calls(APPROVE)[0]?.body).toEqual({ notes: '', expectedVersion: JANE.version });
    await waitFor(() => expect(api.calls(adminListApplications).length).toBe(listsBefore + 1));
  });

  it("reports a failed rejection as 'Failed to reject application: {status}'", async () => {
    mockAdminApi({ [REJECT]: () => json({ message: 'boom' }, 503) });
    await expect(
      reviewApplication('reject', { id: JANE.id, notes: '', expectedVersion: JANE.version }),
    ).rejects.toThrow(/^Failed to reject application: 503$/);
  });
});

describe('Documents and the document viewer', () => {
  it('lists the attachments with an icon by extension', async () => {
    mockAdminApi();
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    const license = await dialog.findByRole('button', { name: /license\.pdf/ });
    expect(license.querySelector('[data-kind]')?.getAttribute('data-kind')).toBe('pdf');
    expect(
      dialog
        .getByRole('button', { name: /passport\.png/ })
        .querySelector('[data-kind]')
        ?.getAttribute('data-kind'),
    ).toBe('image');
    expect(
      dialog
        .getByRole('button', { name: /cv\.docx/ })
        .querySelector('[data-kind]')
        ?.getAttribute('data-kind'),
    ).toBe('document');
    expect(license.textContent).toContain('Medical License');
  });

  it('says so when the attachments cannot be fetched', async () => {
    mockAdminApi({
      [attachmentsOf(JANE.id)]: () => json({ message: 'boom' }, 500),
    });
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    expect(await dialog.findByText('Failed to fetch application attachments')).toBeTruthy();
  });

  it('frames a pdf', async () => {
    mockAdminApi();
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    fireEvent.click(await dialog.findByRole('button', { name: /license\.pdf/ }));
    const viewer = within(screen.getByRole('dialog', { name: 'license.pdf' }));
    const frame = viewer.getByTitle('license.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(
      'https://uploads.example.com/license.pdf?X-Amz-Signature=abc',
    );
    expect(viewer.queryByText('Preview not available')).toBeNull();
  });

  it('shows an image, and Escape closes only the viewer', async () => {
    mockAdminApi();
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    fireEvent.click(await dialog.findByRole('button', { name: /passport\.png/ }));
    const viewerElement = screen.getByRole('dialog', { name: 'passport.png' });
    const image = within(viewerElement).getByRole('img', { name: 'passport.png' });
    expect(image.getAttribute('src')).toBe(
      'https://uploads.example.com/passport.png?X-Amz-Signature=def',
    );

    fireEvent(viewerElement, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'passport.png' })).toBeNull();
    expect(reviewDialog()).not.toBeNull();
  });

  it('offers Download and Open for other types', async () => {
    mockAdminApi();
    await showApplications();
    const dialog = await openReview(JANE.fullName);
    fireEvent.click(await dialog.findByRole('button', { name: /cv\.docx/ }));
    const viewer = within(screen.getByRole('dialog', { name: 'cv.docx' }));
    expect(viewer.getByText('Preview not available')).toBeTruthy();
    const download = viewer.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(
      'https://uploads.example.com/cv.docx?X-Amz-Signature=ghi',
    );
    expect(download.getAttribute('download')).toBe('cv.docx');
    const open = viewer.getByRole('link', { name: /^Open/ });
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(viewer.queryByRole('img')).toBeNull();

    fireEvent.click(viewer.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'cv.docx' })).toBeNull();
    expect(reviewDialog()).not.toBeNull();
  });
});
