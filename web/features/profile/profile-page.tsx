import { getRouteApi } from '@tanstack/react-router';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { PagePending } from '../pages/page-pending';
import { ProfileHeader } from './profile-header';
import { useProfile } from './queries';
import './profile.css';

const route = getRouteApi('/u/$username');

/** /u/$username, accounts slice: the profile header; videos, shorts and stats come later. */
export function ProfilePage() {
  const { username } = route.useParams();
  const profile = useProfile(username);
  const { info } = useSession();

  if (profile.isPending) return <PagePending />;
  if (profile.isError) {
    return (
      <section className="page not-built" role="alert">
        <h1>{MESSAGES.profile.loadFailed}</h1>
        <button type="button" className="button button-primary" onClick={() => void profile.refetch()}>
          Retry
        </button>
      </section>
    );
  }
  if (!profile.data) {
    return (
      <section className="page not-built" aria-labelledby="page-title">
        <h1 id="page-title">{MESSAGES.profile.notFound}</h1>
        <p className="muted">{MESSAGES.profile.doesNotExist(username)}</p>
      </section>
    );
  }
  return (
    <section className="page profile-page" aria-labelledby="page-title">
      <ProfileHeader user={profile.data} own={!!info?.user && info.user.id === profile.data.id} />
      <p className="muted">Videos, shorts and stats on this page are not built yet.</p>
    </section>
  );
}
