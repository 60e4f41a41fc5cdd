import { QueryClientContext, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { doctorsOnDutyText } from '@shared/payments/money';
import { queryClient } from '@web/lib/queryClient';
import { doctorsOnDutyQueryOptions } from './get-doctors-on-duty';
import { CHECKING_DOCTORS_ON_DUTY } from './doctors-on-duty-text';

function Count() {
  const { data, isError } = useQuery(doctorsOnDutyQueryOptions());
  // A count that cannot be read says nothing, rather than something false: the line goes.
  if (isError && !data) return null;
  return data ? doctorsOnDutyText(data.onDuty) : CHECKING_DOCTORS_ON_DUTY;
}

/**
 * The text of the doctors-on-duty line (loaded after the page, `DoctorsOnDuty`). The landing
 * shows without the query provider (issue 12): there it brings the app's one client itself, so
 * the cache is the one the other pages share.
 */
export default function DoctorsOnDutyCount() {
  const client = useContext(QueryClientContext);
  if (client) return <Count />;
  return (
    <QueryClientProvider client={queryClient}>
      <Count />
    </QueryClientProvider>
  );
}
