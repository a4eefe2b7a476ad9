import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { MESSAGES } from '../../../schema/messages';
import type { UserProfile } from '../../../schema/user';
import { useSession } from '../../lib/session';
import { NotAvailableOffline, waitsForNetwork } from '../pages/not-available-offline';
import { PagePending } from '../pages/page-pending';
import { PastBroadcasts } from '../replays/past-broadcasts';
import { ProfileContent } from './profile-content';
import { ProfileFilters } from './profile-filters';
import { ProfileHeader } from './profile-header';
import { useProfile } from './queries';
import { StatCards } from './stat-cards';
import { useProfileFollow } from './use-profile-follow';
import './profile.css';

const route = getRouteApi('/u/$username');

/** How long an unknown name's 'User Not Found' stays up before the redirect to / (content §2.7). */
export const UNKNOWN_USER_REDIRECT_MS = 3000;

/** /u/$username (content §2.7): header, stat cards, filters, the creator's shorts and videos. */
export function ProfilePage() {
  const { username } = route.useParams();
  const profile = useProfile(username);

  if (waitsForNetwork(profile)) return <NotAvailableOffline />;
  if (profile.isPending) return <PagePending />;
  if (profile.isError) {
    return (
      <UserNotFound username={username}>
        <p className="muted">{MESSAGES.profile.loadFailed}</p>
        <button type="button" className="button button-primary" onClick={() => void profile.refetch()}>
          Retry
        </button>
      </UserNotFound>
    );
  }
  if (!profile.data) return <UnknownUser username={username} />;
  return <Profile profile={profile.data} />;
}

function Profile({ profile }: { profile: UserProfile }) {
  const { info } = useSession();
  const own = !!info?.user && info.user.id === profile.id;
  // Profile reads never carry the email; the owner's own comes from their session (/api/auth/me).
  const ownEmail = own ? info?.user?.email || undefined : undefined;
  const follow = useProfileFollow(profile);
  return (
    <section className="page profile-page" aria-labelledby="page-title">
      <ProfileHeader
        user={profile}
        own={own}
        ownEmail={ownEmail}
        follow={{
          following: follow.following,
          busy: follow.busy,
          followers: follow.followers,
          toggle: () => follow.setFollowing(!follow.following),
        }}
      />
      <StatCards profile={profile} followers={follow.followers} />
      <ProfileFilters />
      <ProfileContent userId={profile.id} type="short" />
      <ProfileContent userId={profile.id} type="video" />
      <PastBroadcasts userId={profile.id} />
    </section>
  );
}

/** 'User Not Found' / 'User @name does not exist', with whatever the case adds below. */
function UserNotFound({ username, children }: { username: string; children?: ReactNode }) {
  return (
    <section className="page not-built" aria-labelledby="page-title" role="alert">
      <h1 id="page-title">{MESSAGES.profile.notFound}</h1>
      <p className="muted">{MESSAGES.profile.doesNotExist(username)}</p>
      {children}
    </section>
  );
}

/** Nobody has this name: say so, then go home as the spec asks. */
function UnknownUser({ username }: { username: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/', replace: true }), UNKNOWN_USER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <UserNotFound username={username}>
      <p className="muted" data-testid="profile-redirect">
        Taking you to the home page…
      </p>
    </UserNotFound>
  );
}
