import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { App } from '@web/app/App';

/**
 * The HTML of `#root` for the app at `path`: the same tree `main.tsx` hydrates, on a memory
 * history. `prerenderToNodeStream` waits for the lazy page, so the page's text is in the HTML.
 */
export async function renderPage(path: string): Promise<string> {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App history={history} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
