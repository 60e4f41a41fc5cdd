import { Copy } from 'lucide-react';
import { SectionCard } from '@web/components/SectionCard';
import { Button } from '@web/components/ui/button';
import { useCopyLink } from '@web/hooks/use-copy-link';

/**
 * The patient's private visit link (docs/adr/0012): the visit page's address with the patient's
 * key in the fragment, to open the visit on another device. Shown only to the browser that holds
 * the key; anyone with the link can act as the patient, and the card says so.
 */
export function VisitLinkCard({ link }: { link: string }) {
  const { copied, copy } = useCopyLink(link);
  return (
    <SectionCard
      titleId="visit-link-title"
      title="Your Private Visit Link"
      contentClassName="grid gap-3"
    >
      <p className="text-sm text-muted-foreground">
        Open this link to continue your visit on another device. Keep it private: anyone with it can
        join your consultation.
      </p>
      <input
        readOnly
        value={link}
        aria-label="Your private visit link"
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border bg-background px-3 py-2 font-mono text-xs"
      />
      <div>
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy Visit Link
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {copied === true
          ? 'Link copied.'
          : copied === false
            ? 'Copying is not available here: select the link above and copy it.'
            : ''}
      </p>
    </SectionCard>
  );
}
