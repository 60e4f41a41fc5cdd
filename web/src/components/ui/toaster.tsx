import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@web/components/ui/toast';
import { useToast } from '@web/hooks/use-toast';

/** Toast settings of spec doc 1 §9 (Radix's defaults, stated so they cannot drift). */
export const TOAST_SETTINGS = {
  duration: 5000,
  swipeDirection: 'right' as const,
  swipeThreshold: 50,
  label: 'Notification',
  hotkey: ['F8'],
};

export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider
      duration={TOAST_SETTINGS.duration}
      swipeDirection={TOAST_SETTINGS.swipeDirection}
      swipeThreshold={TOAST_SETTINGS.swipeThreshold}
      label={TOAST_SETTINGS.label}
    >
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_SETTINGS.hotkey} />
    </ToastProvider>
  );
}
