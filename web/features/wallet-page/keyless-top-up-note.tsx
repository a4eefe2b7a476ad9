import { lazy, Suspense } from 'react';

// The sign-in dialog (wallet list, sign-in flow) loads only when a keyless user asks to connect.
const LoginDialog = lazy(() =>
  import('../auth/login-dialog').then((module) => ({ default: module.LoginDialog })),
);

/**
 * For a keyless (Google) account, beside the top-up packages and under a failed payment: a top-up
 * is paid in APT signed by a browser wallet, which this account has no way to do, so every package
 * ends in 'Insufficient APT balance.' (issue 13.11). Says what the account can do and how to top up.
 */
export function KeylessTopUpNote({ onConnect }: { onConnect: () => void }) {
  return (
    <div className="top-up-keyless" role="note" data-testid="top-up-keyless">
      <p>
        Your Google account has no wallet to pay APT with. It can still receive tips and withdraw its $REEL.
        To top up, connect a wallet that holds APT: you will be signed in with that wallet's account.
      </p>
      <button type="button" className="button button-primary" onClick={onConnect}>
        Connect Wallet
      </button>
    </div>
  );
}

/** The sign-in dialog, opened by the note's Connect Wallet. */
export function ConnectWalletDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open onClose={onClose} />
    </Suspense>
  );
}
