// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_LINK_SECONDS } from '@shared/cases/attachments';
import { listCaseAttachments } from '@shared/cases/contracts';
import { reply, routeOf } from '@web/testing/api-mock';
import { advance, installFakeClock, restoreClock } from '@web/testing/clock';
import { renderWithProviders, resetDom } from '@web/testing/render';
import { attachment } from '../testing/provider-fixtures';
import { mockProviderApi, storeProviderSession } from '../testing/provider-api';
import { caseAttachmentsQueryOptions } from './cases';

const CASE_ID = '3f2b9c1e-aaaa-4bbb-8ccc-123456789abc';

/** What the open dialog holds: the link of the one attachment as last read. */
function VoiceNoteLink() {
  const query = useQuery(caseAttachmentsQueryOptions(CASE_ID));
  return <p data-testid="link">{query.data?.[0]?.url ?? 'loading'}</p>;
}

beforeEach(() => {
  installFakeClock();
  storeProviderSession();
});

afterEach(() => {
  resetDom();
  restoreClock();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('attachment links in an open dialog', () => {
  it('are renewed before the presigned links expire, so a late voice note still plays', async () => {
    // Each read signs new links; the server's expire ATTACHMENT_LINK_SECONDS after signing.
    const api = mockProviderApi({
      [routeOf(listCaseAttachments)]: (_request, call) =>
        reply(listCaseAttachments, [
          attachment('voice.m4a', { url: `https://uploads.example/voice.m4a?signed=${call}` }),
        ]),
    });
    renderWithProviders(<VoiceNoteLink />);
    await advance();
    expect(screen.getByTestId('link').textContent).toBe(
      'https://uploads.example/voice.m4a?signed=0',
    );

    // A minute before the first link expires, the dialog holds a fresh one.
    await advance((ATTACHMENT_LINK_SECONDS - 60) * 1000);
    expect(api.calls(routeOf(listCaseAttachments))).toHaveLength(2);
    expect(screen.getByTestId('link').textContent).toBe(
      'https://uploads.example/voice.m4a?signed=1',
    );

    // And so on while it stays open: no link is ever held past its expiry.
    await advance((ATTACHMENT_LINK_SECONDS - 60) * 1000);
    expect(screen.getByTestId('link').textContent).toBe(
      'https://uploads.example/voice.m4a?signed=2',
    );
  });
});
