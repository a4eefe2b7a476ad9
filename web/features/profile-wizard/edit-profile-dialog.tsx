import type { User } from '../../../schema/user';
import { ProfileWizard } from './profile-wizard';
import { useUpdateProfile } from './queries';
import { WizardDialog } from './wizard-dialog';
import { type EditedUser, profileFormFromUser, toUpdateBody } from './wizard-state';

type EditProfileDialogProps = {
  user: EditedUser;
  /** Called with the saved user after a save, or with nothing when the dialog is dismissed. */
  onClose: (saved?: User) => void;
};

/** The profile-edit wizard, pre-filled from the user (accounts §2). */
export function EditProfileDialog({ user, onClose }: EditProfileDialogProps) {
  const update = useUpdateProfile();
  return (
    <WizardDialog title="Edit profile" closable onClose={() => onClose()}>
      <ProfileWizard
        initial={profileFormFromUser(user)}
        ownerId={user.id}
        submitLabel="Save Changes"
        busyLabel="Updating Profile..."
        busy={update.isPending}
        onSubmit={(form) =>
          update.mutate({ id: user.id, body: toUpdateBody(form) }, { onSuccess: (saved) => onClose(saved) })
        }
      />
    </WizardDialog>
  );
}
