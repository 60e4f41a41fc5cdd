import { PhoneOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { NativeDialog } from '@web/components/ui/native-dialog';

export const END_CALL_QUESTION = 'End the consultation for both of you?';
export const END_CALL_EXPLANATION =
  'The call ends now for you and the patient. It cannot be started again.';

/**
 * The doctor's 'End Call', confirmed first: one stray tap on a phone would end the paid
 * consultation for both, for good. 'Keep Talking' (or Escape, or the close button) keeps it.
 */
export function EndCallButton({ ending, onEnd }: { ending: boolean; onEnd: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="destructive" onClick={() => setConfirming(true)} disabled={ending}>
        <PhoneOff aria-hidden="true" />
        {ending ? 'Ending...' : 'End Call'}
      </Button>
      <NativeDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={END_CALL_QUESTION}
        description={END_CALL_EXPLANATION}
        className="max-w-md"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep Talking
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirming(false);
                onEnd();
              }}
            >
              <PhoneOff aria-hidden="true" />
              End Call
            </Button>
          </>
        }
      />
    </>
  );
}
