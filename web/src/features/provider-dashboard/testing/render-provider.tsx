import { renderRoutes } from '@web/testing/render';
import ProviderDashboardPage from '../pages/ProviderDashboardPage';

/** The page at /provider-dashboard, with / and /visit/:caseId to land on. */
export function renderProviderPage() {
  return renderRoutes(
    [
      { path: '/provider-dashboard', element: <ProviderDashboardPage /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/visit/:caseId', element: <p>Visit page</p> },
    ],
    { initialEntries: ['/provider-dashboard'] },
  );
}
