import type { BadgeProps } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/dates';

export type StatusBadgeVariant = NonNullable<BadgeProps['variant']>;

export interface StatusDisplay {
  /** The badge text (spec doc 2 §4). */
  label: string;
  description: string;
  variant: StatusBadgeVariant;
  /** A decision was made: the timeline's last step is reached. */
  decided: boolean;
  /** One of the statuses of spec doc 2 §4 (not 'Unknown'). */
  known: boolean;
}

/**
 * What the status page shows per status (spec doc 2 §4): pending 'Under Review', under_review
 * 'In Review', approved, rejected (the reviewer's notes go by email), suspended (temporarily,
 * pending additional review); anything else 'Unknown'.
 */
const displays: Record<string, StatusDisplay> = {
  pending: {
    label: 'Under Review',
    description:
      'We have received your application. It is waiting for our verification team to review your credentials and documents.',
    variant: 'warning',
    decided: false,
    known: true,
  },
  under_review: {
    label: 'In Review',
    description: 'Our verification team is reviewing your credentials and documents right now.',
    variant: 'secondary',
    decided: false,
    known: true,
  },
  approved: {
    label: 'Approved',
    description:
      'Congratulations, your application has been approved. Your login credentials have been sent to your email address: use them to sign in to the provider dashboard.',
    variant: 'success',
    decided: true,
    known: true,
  },
  rejected: {
    label: 'Rejected',
    description:
      'Your application was not approved. The reviewer’s notes have been sent to your email address.',
    variant: 'danger',
    decided: true,
    known: true,
  },
  suspended: {
    label: 'Suspended',
    description:
      'Your application has been suspended temporarily, pending additional review. We will contact you by email.',
    variant: 'warning',
    decided: true,
    known: true,
  },
};

const unknownDisplay: StatusDisplay = {
  label: 'Unknown',
  description:
    'We could not determine the status of your application. Please contact support if this persists.',
  variant: 'outline',
  decided: false,
  known: false,
};

export function statusDisplay(status: string): StatusDisplay {
  return Object.hasOwn(displays, status) ? displays[status]! : unknownDisplay;
}

export type TimelineState = 'complete' | 'current' | 'upcoming';

export interface TimelineStep {
  key: 'submitted' | 'review' | 'decision';
  title: string;
  detail: string;
  state: TimelineState;
}

/** Submitted → under review → decision, with the dates the status answer has. */
export function statusTimeline(application: {
  status: string;
  submittedAt: string;
  reviewedAt: string | null;
}): TimelineStep[] {
  const { decided, label } = statusDisplay(application.status);
  const reviewing = application.status === 'under_review';
  return [
    {
      key: 'submitted',
      title: 'Application submitted',
      detail: formatDate(application.submittedAt),
      state: 'complete',
    },
    {
      key: 'review',
      title: 'Under review',
      detail: decided
        ? 'Review finished'
        : reviewing
          ? 'Our team is reviewing your application'
          : 'Waiting for a reviewer',
      state: decided ? 'complete' : 'current',
    },
    {
      key: 'decision',
      title: 'Decision',
      detail: decided ? `${label} on ${formatDate(application.reviewedAt)}` : 'Not decided yet',
      state: decided ? 'complete' : 'upcoming',
    },
  ];
}
