import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import type { User, UserProfile } from '../../../schema/user';

// Only the profile's owner ever opens the wizard, so visitors never download it.
const EditProfileDialog = lazy(() =>
  import('../profile-wizard/edit-profile-dialog').then((module) => ({ default: module.EditProfileDialog })),
);

/** 'Customize Profile' and the profile-edit dialog it opens (accounts §2). */
export function CustomizeProfileButton({ user }: { user: UserProfile & { email?: string | undefined } }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  const close = (saved?: User) => {
    setOpen(false);
    buttonRef.current?.focus();
    if (saved && saved.username !== user.username) {
      void navigate({ to: '/u/$username', params: { username: saved.username }, replace: true });
    }
  };

  return (
    <>
      <button ref={buttonRef} type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Customize Profile
      </button>
      {open && (
        <Suspense fallback={null}>
          <EditProfileDialog user={user} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
