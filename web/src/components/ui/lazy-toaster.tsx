import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from '@web/hooks/use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/** After this long on a page the Toaster loads anyway, so the F8 region is there too. */
const PRELOAD_DELAY_MS = 1500;

/**
 * The Toaster without its weight on the first load: Radix Toast and its parts (about 9 kB gzip)
 * load with the first toast or shortly after the page shows, whichever comes first. The toast
 * store (hooks/use-toast.ts) stays in the entry chunk, so `toast()` works from the start and a
 * toast raised before the Toaster arrives shows as soon as it does.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (!wanted && toasts.length > 0) setWanted(true);

  useEffect(() => {
    const timer = setTimeout(() => setWanted(true), PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
