// Every way of stubbing `fetch` outside web/src/testing/api-mock.ts that the lint rules reject
// (eslint-fetch-stubs.test.ts lints this text as a web test and as api-mock.ts).
import { vi } from 'vitest';

const fake = vi.fn();

vi.stubGlobal('fetch', fake);
vi.stubGlobal(`fetch`, fake);
vi.spyOn(globalThis, 'fetch');
vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}'));
globalThis.fetch = fake;
window['fetch'] = fake;
Object.defineProperty(globalThis, 'fetch', { value: fake });

// Other globals stay the tests' own.
vi.stubGlobal('WebSocket', fake);
vi.spyOn(window, 'scrollTo');
