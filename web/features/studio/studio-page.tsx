import { useCallback, useState } from 'react';
import type { Video, VideoType } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { User } from '../../../schema/user';
import { useSession } from '../../lib/session';
import { showToast } from '../../ui/toast-store';
import { PagePending } from '../pages/page-pending';
import { PastBroadcasts } from '../replays/past-broadcasts';
import { UploadVideoDialog } from '../upload/upload-dialog';
import { ContentTabPanel } from './content-tab-panel';
import { DeleteDialog } from './delete-dialog';
import { useDeleteContent, useReloadContent } from './queries';
import { StudioTabs } from './studio-tabs';
import './studio.css';

/** A creator's content manager: upload, and the own videos and shorts with their actions. */
function Studio({ user }: { user: User }) {
  const [tab, setTab] = useState<VideoType>('video');
  const [toDelete, setToDelete] = useState<Video | null>(null);
  const reload = useReloadContent();
  const remove = useDeleteContent();

  const onUploaded = useCallback(
    (video: Video) => {
      setTab(video.type);
      void reload();
    },
    [reload],
  );

  const onConfirmDelete = (video: Video) =>
    remove.mutate(
      { video, userId: user.id },
      {
        onSuccess: () => {
          setToDelete(null);
          showToast(MESSAGES.delete.success, 'success');
        },
        onError: (error) => {
          console.error('Delete failed', error);
          setToDelete(null);
          showToast(
            video.type === 'short' ? MESSAGES.delete.shortFailed : MESSAGES.delete.videoFailed,
            'error',
          );
        },
      },
    );

  return (
    <section className="page studio-page" aria-labelledby="studio-title">
      <header className="studio-header">
        <h1 id="studio-title">Your Videos</h1>
        <UploadVideoDialog user={user} onUploaded={onUploaded} />
      </header>
      <StudioTabs selected={tab} onSelect={setTab}>
        {({ panelId, tabId }) => (
          <ContentTabPanel
            key={tab}
            type={tab}
            userId={user.id}
            id={panelId}
            labelledBy={tabId}
            onDelete={setToDelete}
          />
        )}
      </StudioTabs>
      <DeleteDialog
        video={toDelete}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={onConfirmDelete}
      />
      <PastBroadcasts userId={user.id} manage />
    </section>
  );
}

/**
 * /studio (content §2.5): a visitor is asked to connect a wallet, a wallet without a profile to
 * complete registration (the registration dialog opens by itself), a creator gets the studio.
 */
export function StudioPage() {
  const { loading, info } = useSession();
  if (loading) return <PagePending />;
  if (!info) {
    return (
      <section className="page studio-page studio-gate" aria-labelledby="studio-title">
        <h1 id="studio-title">Connect your wallet to upload videos</h1>
        <p className="muted">Sign in with your wallet from the top bar to manage your videos and shorts.</p>
      </section>
    );
  }
  if (!info.user) {
    return (
      <section className="page studio-page studio-gate" aria-labelledby="studio-title">
        <h1 id="studio-title">Complete registration</h1>
        <p className="muted">{MESSAGES.upload.notRegistered}</p>
      </section>
    );
  }
  return <Studio user={info.user} />;
}
