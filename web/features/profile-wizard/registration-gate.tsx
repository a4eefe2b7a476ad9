import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// The wizard loads only for someone who needs it, keeping it out of the home entry chunk.
const RegistrationDialog = lazy(() =>
  import('./registration-dialog').then((module) => ({ default: module.RegistrationDialog })),
);

/** Opens registration on any page for a signed-in address without a profile (accounts §2, §6). */
export function RegistrationGate() {
  const { info } = useSession();
  if (!info || info.user) return null;
  return (
    <Suspense fallback={null}>
      <RegistrationDialog address={info.address} />
    </Suspense>
  );
}
