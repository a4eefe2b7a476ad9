import { shortenAddress } from '../auth/account-label';
import { useLogout } from '../auth/use-logout';
import { ProfileWizard } from './profile-wizard';
import { useCreateProfile } from './queries';
import { WizardDialog } from './wizard-dialog';
import { emptyProfileForm, toCreateBody } from './wizard-state';

/**
 * Registration for a signed-in address without a profile. It cannot be closed (accounts §2); it
 * goes away when the session has a user (useCreateProfile puts it there). Logging out is still
 * offered, so someone who signed in with the wrong wallet is never stuck behind it.
 */
export function RegistrationDialog({ address }: { address: string }) {
  const create = useCreateProfile();
  const logout = useLogout();
  return (
    <WizardDialog title="Create your profile" closable={false}>
      <ProfileWizard
        initial={emptyProfileForm()}
        ownerId={null}
        submitLabel="Complete Registration"
        busyLabel="Creating Profile..."
        busy={create.isPending}
        onSubmit={(form) => create.mutate(toCreateBody(form, address))}
      />
      <p className="wizard-signed-in-as">
        Signed in as {shortenAddress(address)}.{' '}
        <button
          type="button"
          className="link-button"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          Log out
        </button>
      </p>
    </WizardDialog>
  );
}
