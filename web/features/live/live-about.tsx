import type { UserProfile } from '../../../schema/user';
import { formatCount } from '../../ui/format';

/** The live page's social links, in the spec's order (live §2 About panel). */
const LIVE_SOCIALS = [
  ['youtube', 'YouTube'],
  ['twitter', 'Twitter'],
  ['instagram', 'Instagram'],
  ['twitch', 'Twitch'],
  ['tiktok', 'TikTok'],
  ['discord', 'Discord'],
  ['website', 'Website'],
] as const;

/** Only http(s) links become anchors: a profile's text must never turn into a `javascript:` URL. */
const safeLink = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** About the streamer: full name, followers (K/M), description and social links. */
export function LiveAbout({ profile, followers }: { profile: UserProfile; followers: number }) {
  const links = LIVE_SOCIALS.flatMap(([key, label]) => {
    const href = safeLink(profile.social[key]);
    return href ? [{ key, label, href }] : [];
  });
  return (
    <section className="live-about" aria-labelledby="live-about-title" data-testid="live-about">
      <h2 id="live-about-title">About {profile.fullName || profile.username}</h2>
      <p className="muted" data-testid="live-followers">
        {formatCount(followers)} followers
      </p>
      {profile.description && <p className="live-about-text">{profile.description}</p>}
      {links.length > 0 && (
        <ul className="live-socials">
          {links.map((link) => (
            <li key={link.key}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
