import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { NativeDialog } from '@web/components/ui/native-dialog';
import { SupportEmailLink } from '@web/components/config/SupportEmailLink';
import { accountExistsMessages } from '../lib/messages';
import { paths } from '@web/lib/paths';

/**
 * Spec doc 2 §2, §8: the email is already registered. A modal `<dialog>` named by its title;
 * Escape, Close and 'Got it' close it and focus returns to where it was.
 */
export function AccountExistsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <NativeDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={accountExistsMessages.title}
      description={<p className="text-base">{accountExistsMessages.body}</p>}
      footer={
        <>
          <Button asChild variant="outline">
            <Link to={paths.providerDashboard}>
              <LayoutDashboard aria-hidden="true" />
              {accountExistsMessages.dashboardLink}
            </Link>
          </Button>
          <Button type="button" onClick={onClose}>
            {accountExistsMessages.gotIt}
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">
        Support: <SupportEmailLink />
      </p>
    </NativeDialog>
  );
}
