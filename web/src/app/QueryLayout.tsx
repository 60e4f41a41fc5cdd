import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from '@web/lib/queryClient';

/**
 * The app's query client around the pages that fetch (route table `usesQueries`). A layout
 * route, so moving between those pages keeps it mounted; the client is the module's one
 * instance, so its cache outlives a visit to a page without queries.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
