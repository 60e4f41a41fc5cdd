import { readFileSync } from 'node:fs';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '@web/lib/paths';
import { redirectTable, routeTable } from './route-table';

/**
 * Every path of spec doc 1 §2 and doc 2 §2, with Stripe as the `{provider}` of `/{provider}-payment`,
 * plus the video room of DESIGN.md §7.
 */
const specPaths = [
  '/',
  '/patient-telehealth',
  '/patient',
  '/payment-choice',
  '/stripe-payment',
  '/payment-processing',
  '/payment-success',
  '/payment-cancelled',
  '/visit/:caseId',
  '/feedback/:caseId',
  '/video-access',
  // The video room that meeting join links open (DESIGN.md §7).
  '/room/:meetingId',
  '/provider-dashboard',
  '/provider/apply',
  '/provider/status',
  '/admin',
  '*',
];

describe('route table', () => {
  it('lists every spec path once', () => {
    const paths = routeTable.map((route) => route.path);
    expect([...paths].sort()).toEqual([...specPaths].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('sends links without a case id to the patient pages', () => {
    expect(redirectTable).toEqual([
      { path: '/visit', redirectTo: '/patient-telehealth' },
      { path: '/feedback', redirectTo: '/patient' },
    ]);
  });

  it('names page modules relative to web/src, one per route', () => {
    for (const { page } of routeTable) {
      expect(page).toMatch(/^features\/[a-z-]+\/pages\/[A-Za-z]+Page\.tsx$/);
    }
    expect(new Set(routeTable.map((route) => route.page)).size).toBe(routeTable.length);
  });

  it('opens a page of the table, never the not-found page, from every path of lib/paths.ts', () => {
    // Each builder gets a value that would split a path segment if it were not encoded.
    const hrefs = Object.values(paths).map((path) =>
      typeof path === 'function' ? path('x y/1') : path,
    );
    for (const href of hrefs) {
      const { pathname } = new URL(href, 'http://localhost');
      const page = routeTable.find(({ path }) => path !== '*' && matchPath(path, pathname));
      expect(page, href).toBeDefined();
    }
  });

  it('stays data only, so scripts can read it without React', () => {
    const source = readFileSync(new URL('./route-table.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });
});
