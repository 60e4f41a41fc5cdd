import { AppRouter, type AppHistory } from './AppRouter';
import { AppProviders } from './providers';
import { routes } from './router';

/** The whole app on a history: the browser's in `main.tsx`, a memory one when prerendering. */
export function App({ history }: { history: AppHistory }) {
  return (
    <AppProviders>
      <AppRouter history={history} routes={routes} />
    </AppProviders>
  );
}
