import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useRequireLogin } from '../auth/require-login';
import type { ContentTipDialogProps } from './content-tip-dialog';

// The dialog and its flow load on the first click: watching never pays for them.
const ContentTipDialog = lazy(() =>
  import('./content-tip-dialog').then((module) => ({ default: module.ContentTipDialog })),
);

type TipNowButtonProps = Omit<ContentTipDialogProps, 'open' | 'onClose'> & {
  className: string;
  children: ReactNode;
};

/**
 * 'Tip Now' for a video or a short (accounts §2). Signed out it shows 'Please log in to use this
 * feature'; the caller hides it on the viewer's own content.
 */
export function TipNowButton({ className, children, ...content }: TipNowButtonProps) {
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label="Tip Now"
        aria-haspopup="dialog"
        onClick={() =>
          requireLogin(() => {
            setWanted(true);
            setOpen(true);
          })
        }
      >
        {children}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ContentTipDialog {...content} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
