import { useEffect, useState, type ComponentType } from 'react';
import { useToast } from '@web/hooks/use-toast';

type LoadToaster = () => Promise<{ Toaster: ComponentType }>;
const loadToaster: LoadToaster = () => import('./toaster');

/** A failed load (a network blip on a phone) is tried again after this long, a few times. */
export const TOASTER_RETRY_DELAY_MS = 3000;
export const TOASTER_MAX_ATTEMPTS = 5;

/**
 * The Toaster without its weight on any page that shows no toast: Radix Toast and its parts
 * (11 kB gzip) load with the first toast. Issue 29 item 6 counts what a page fetches until the
 * network is idle, and a Toaster fetched 1.5 s after every page (as it was) was 11 kB of each
 * page's count for an empty region; its F8 shortcut has nothing to focus before a toast anyway.
 * The toast store (hooks/use-toast.ts) stays in the entry chunk, so `toast()` works from the
 * start and the toast shows as soon as the chunk is in (a few milliseconds from the CDN).
 *
 * Loaded by hand rather than with `React.lazy`: a chunk that fails to load (a phone between
 * networks) must not throw into the page — a video call in progress or a half-filled form would
 * be replaced by the error page. The page goes on without notifications and the load is tried
 * again a few times.
 */
export function LazyToaster({ load = loadToaster }: { load?: LoadToaster }) {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (!wanted && toasts.length > 0) setWanted(true);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attempt = (number: number) => {
      load().then(
        (module) => {
          if (current) setToaster(() => module.Toaster);
        },
        () => {
          if (current && number + 1 < TOASTER_MAX_ATTEMPTS) {
            retry = setTimeout(() => attempt(number + 1), TOASTER_RETRY_DELAY_MS);
          }
        },
      );
    };
    attempt(0);
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [wanted, load]);

  return Toaster ? <Toaster /> : null;
}
