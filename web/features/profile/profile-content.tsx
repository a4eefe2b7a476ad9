import type { Video, VideoType } from '../../../schema/content';
import { SkeletonGrid } from '../../ui/skeleton';
import { usePlayableFirst } from '../offline-media/offline-ids';
import { VideoCard } from '../videos/video-card';
import { ProfileShortCard } from './profile-short-card';
import { useUserContent } from './queries';

type SectionProps = { userId: string; type: VideoType };

const NONE: readonly Video[] = [];

const TITLES: Record<VideoType, string> = { short: 'Shorts', video: 'Videos' };

/** The creator's Shorts row or Video grid; an empty list says so instead of leaving a gap. */
export function ProfileContent({ userId, type }: SectionProps) {
  const { data, isPending, isError } = useUserContent(userId, type);
  // Offline, what plays from this device comes first.
  const items = usePlayableFirst(data ?? NONE);
  const titleId = `profile-${type}-title`;
  return (
    <section className="profile-section" aria-labelledby={titleId} data-testid={`profile-${type}s`}>
      <h2 id={titleId} className="section-title">
        {TITLES[type]}
      </h2>
      {isPending && <SkeletonGrid count={4} variant={type} label={`Loading ${TITLES[type].toLowerCase()}`} />}
      {isError && <p className="muted">{`Failed to load ${TITLES[type].toLowerCase()}`}</p>}
      {data?.length === 0 && <p className="muted">{`No ${TITLES[type].toLowerCase()} yet`}</p>}
      {data && data.length > 0 && (
        <div className={type === 'short' ? 'profile-shorts-row' : 'grid grid-video'}>
          {items.map((item) =>
            type === 'short' ? (
              <ProfileShortCard key={item.id} short={item} />
            ) : (
              <VideoCard key={item.id} video={item} />
            ),
          )}
        </div>
      )}
    </section>
  );
}
