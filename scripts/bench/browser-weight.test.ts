import { describe, expect, it } from 'vitest';
import { routeTable } from '../../web/src/app/route-table';
import { pageVisits, routeOf, servedBytes, type PageState } from './browser-weight';

const state: PageState = {
  unpaidCaseId: '11111111-1111-4111-8111-111111111111',
  paidCaseId: '22222222-2222-4222-8222-222222222222',
  patientId: '33333333-3333-4333-8333-333333333333',
  applicationId: '44444444-4444-4444-8444-444444444444',
  patientJoinUrl: 'http://127.0.0.1:3000/room/meeting-1?role=patient#token=t',
  roomCaseId: '55555555-5555-4555-8555-555555555555',
  provider: { cookie: 'session=s', id: 'provider-1', name: 'Dr. Ada' },
  admin: { token: 'token', adminId: 'admin-1', cookie: 'admin=a' },
};

describe("the browser's count of each page (bench part `browser`)", () => {
  it('visits every route of the route table, and nothing else', () => {
    expect(Object.keys(pageVisits(state)).sort()).toEqual(
      routeTable.map((route) => route.path).sort(),
    );
  });

  it.each(routeTable.map((route) => route.path))('opens %s at an address of that route', (path) => {
    const visit = pageVisits(state)[path];
    expect(routeOf(new URL(visit.url, 'http://site.test').pathname)).toBe(path);
  });

  it('tells the routes apart as the router does: parameters, and `*` for the rest', () => {
    expect(routeOf('/visit/abc')).toBe('/visit/:caseId');
    expect(routeOf('/room/meeting-1')).toBe('/room/:meetingId');
    expect(routeOf('/provider/status')).toBe('/provider/status');
    expect(routeOf('/visit/abc/more')).toBe('*');
    expect(routeOf('/no-such-page')).toBe('*');
  });

  it('opens the pages that need state in that state', () => {
    const visits = pageVisits(state);
    expect(visits['/visit/:caseId'].patientKeysFor).toEqual([state.paidCaseId]);
    expect(visits['/room/:meetingId'].patientKeysFor).toEqual([state.roomCaseId]);
    expect(visits['/room/:meetingId'].url).toBe('/room/meeting-1?role=patient#token=t');
    expect(visits['/provider-dashboard'].signedIn).toBe('provider');
    expect(visits['/admin'].signedIn).toBe('admin');
  });
});

describe('bytes as CloudFront serves a script', () => {
  it('counts the gzip bytes from 1,000 bytes on, and a smaller script whole (not compressed)', () => {
    expect(servedBytes(999, 400)).toBe(999);
    expect(servedBytes(1_000, 420)).toBe(420);
    expect(servedBytes(50_000, 12_000)).toBe(12_000);
  });
});
