import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@web/hooks/use-toast';

/** Spec doc 1 §8: a payment page opened without `case_id`. */
export const MISSING_CASE_ID_TOAST = {
  title: 'Missing Case ID',
  description: 'Redirecting to form...',
} as const;

/** A trimmed query parameter; missing or blank reads as null. */
export function useQueryParam(name: string): string | null {
  const [searchParams] = useSearchParams();
  return searchParams.get(name)?.trim() || null;
}

/**
 * The page's `case_id`. Without one, shows the 'Missing Case ID' toast and replaces the page
 * with `fallbackPath` (the page renders nothing meanwhile).
 */
export function useRequiredCaseId(fallbackPath: string): string | null {
  const caseId = useQueryParam('case_id');
  const navigate = useNavigate();

  useEffect(() => {
    if (caseId) return;
    toast({ variant: 'destructive', ...MISSING_CASE_ID_TOAST });
    void navigate(fallbackPath, { replace: true });
  }, [caseId, fallbackPath, navigate]);

  return caseId;
}
