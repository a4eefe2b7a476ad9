import { useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { UserProfile } from '../../../schema/user';
import { formatCount, truncate } from '../../ui/format';
import { ModalDialog } from '../../ui/modal-dialog';
import { WalletAddress } from './wallet-address';

const joined = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Only http(s) links become anchors: a profile's text must never turn into a `javascript:` URL. */
const safeLink = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

type AboutMeProps = { profile: UserProfile; email?: string | undefined; followers: number };

/** 'ABOUT ME' cut to 150 characters, and the Show more dialog with the whole profile (content §2.7). */
export function AboutMe({ profile, email, followers }: AboutMeProps) {
  const [open, setOpen] = useState(false);
  const youtube = safeLink(profile.social.youtube);
  const twitter = safeLink(profile.social.twitter);
  return (
    <section className="profile-about" aria-labelledby="about-me-title">
      <h2 id="about-me-title" className="profile-about-title">
        ABOUT ME
      </h2>
      <p className="profile-about-text">{truncate(profile.description, LIMITS.profileDescriptionCut)}</p>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Show more
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="About me">
        <div className="about-dialog" data-testid="about-dialog">
          <p className="about-description">{profile.description}</p>
          <dl className="about-facts">
            <dt>Wallet</dt>
            <dd>
              <WalletAddress address={profile.aptosAddress} />
            </dd>
            {/* Only on the owner's own profile, from their session (privacy; content §2.7 shows it to all). */}
            {email && (
              <>
                <dt>Email</dt>
                <dd>{email}</dd>
              </>
            )}
            {youtube && (
              <>
                <dt>YouTube</dt>
                <dd>
                  <a href={youtube} target="_blank" rel="noopener noreferrer">
                    {youtube}
                  </a>
                </dd>
              </>
            )}
            {twitter && (
              <>
                <dt>Twitter</dt>
                <dd>
                  <a href={twitter} target="_blank" rel="noopener noreferrer">
                    {twitter}
                  </a>
                </dd>
              </>
            )}
            <dt>Joined</dt>
            <dd>{joined(profile.joinDate)}</dd>
            <dt>Followers</dt>
            <dd data-testid="about-followers">{formatCount(followers)}</dd>
            <dt>Videos</dt>
            <dd data-testid="about-videos">{formatCount(profile.videos + profile.shorts)}</dd>
            <dt>Views</dt>
            <dd data-testid="about-views">{formatCount(profile.views)}</dd>
          </dl>
        </div>
      </ModalDialog>
    </section>
  );
}
