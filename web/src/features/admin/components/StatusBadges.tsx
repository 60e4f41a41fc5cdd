import type { AdminCaseStatus } from '@shared/cases/status';
import type { ApplicationStatus } from '@shared/doctor-applications/status';
import type { UrgencyLevel } from '@shared/patients/request';
import { Badge } from '@web/components/ui/badge';
import {
  adminCaseStatusLabels,
  adminCaseStatusVariants,
  applicationStatusLabels,
  applicationStatusVariants,
  priorityLabels,
  priorityVariants,
} from '../lib/labels';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge variant={applicationStatusVariants[status]}>{applicationStatusLabels[status]}</Badge>
  );
}

export function CaseStatusBadge({ status }: { status: AdminCaseStatus }) {
  return <Badge variant={adminCaseStatusVariants[status]}>{adminCaseStatusLabels[status]}</Badge>;
}

export function PriorityBadge({ priority }: { priority: UrgencyLevel }) {
  return <Badge variant={priorityVariants[priority]}>{priorityLabels[priority]}</Badge>;
}
