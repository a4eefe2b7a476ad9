import { MESSAGES } from '../../../schema/messages';
import { ModalDialog } from '../../ui/modal-dialog';
import { useProfile } from '../profile/queries';
import { TipDialog } from './tip-dialog';
import type { TipTarget } from './tip-target';

export type ContentTipDialogProps = {
  creator: { userId: string; username: string };
  tipType: Exclude<TipTarget['tipType'], 'general' | 'stream'>;
  contentId: string;
  open: boolean;
  onClose: () => void;
};

/**
 * The tip dialog for a video or a short. Content carries its creator's id and name but not the
 * address the relayer sends to, so the creator's profile is read first.
 */
export function ContentTipDialog({ creator, tipType, contentId, open, onClose }: ContentTipDialogProps) {
  const profile = useProfile(creator.username);
  if (profile.data) {
    const { id, username, aptosAddress } = profile.data;
    const target: TipTarget = { receiver: { id, username, aptosAddress }, tipType, contentId };
    return <TipDialog target={target} open={open} onClose={onClose} />;
  }
  return (
    <ModalDialog open={open} onClose={onClose} title={`Send a gift to @${creator.username}`}>
      <p className="muted" role={profile.isPending ? 'status' : 'alert'}>
        {profile.isPending ? MESSAGES.wallet.loading : MESSAGES.profile.loadFailed}
      </p>
    </ModalDialog>
  );
}
