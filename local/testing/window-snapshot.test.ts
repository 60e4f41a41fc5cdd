// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { restoreWindow, snapshotWindow } from './window-snapshot';

it('puts back what a file changed on the window', () => {
  const snapshot = snapshotWindow();
  const { href } = window.location;
  const { title } = document;
  const body = document.body.innerHTML;

  document.title = 'Left over';
  document.body.innerHTML = '<header>Left over</header>';
  document.documentElement.setAttribute('lang', 'fr');
  document.body.className = 'dark';
  window.localStorage.setItem('adminToken', 'token');
  window.sessionStorage.setItem('note', 'note');
  document.cookie = 'left=over; path=/';
  window.history.pushState(null, '', '/visit/abc?x=1');
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: {} });
  Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
    configurable: true,
    value: () => Promise.resolve(),
  });
  const createObjectURL = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
  Object.assign(URL, { createObjectURL: () => 'blob:left-over' });

  restoreWindow(snapshot);

  expect(document.title).toBe(title);
  expect(document.body.innerHTML).toBe(body);
  expect(document.documentElement.hasAttribute('lang')).toBe(false);
  expect(document.body.className).toBe('');
  expect(window.localStorage.length).toBe(0);
  expect(window.sessionStorage.length).toBe(0);
  expect(document.cookie).toBe('');
  expect(window.location.href).toBe(href);
  expect(document.visibilityState).toBe('visible');
  expect(Object.getOwnPropertyDescriptor(navigator, 'clipboard')).toBeUndefined();
  expect('setSinkId' in HTMLMediaElement.prototype).toBe(false);
  expect(Object.getOwnPropertyDescriptor(URL, 'createObjectURL')).toEqual(createObjectURL);
});

it('fails a script still loading, so its loader forgets it', () => {
  const snapshot = snapshotWindow();
  const script = document.createElement('script');
  const events: string[] = [];
  script.addEventListener('error', () => events.push('error'));
  document.head.appendChild(script);

  restoreWindow(snapshot);

  expect(events).toEqual(['error']);
  expect(document.head.querySelector('script')).toBeNull();
});
