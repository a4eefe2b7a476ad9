import type { QueryClient } from '@tanstack/react-query';
import { firstScreenPaths } from '../../../schema/first-screen';
import { seedFirstScreen } from '../../lib/first-screen';
import { topCreatorsQueryOptions } from '../creators/queries';
import { activeSessionsQueryOptions } from '../live/queries';
import { latestShortsQueryOptions, latestVideosQueryOptions } from '../videos/queries';

/**
 * Home's reads from the page's inlined first screen, before the first render: React's first frame
 * then draws the same cards as the static one it replaces (no loading state in between).
 */
export function seedHomeFirstScreen(client: QueryClient): void {
  seedFirstScreen(client, latestVideosQueryOptions().queryKey, firstScreenPaths.latestVideos());
  seedFirstScreen(client, latestShortsQueryOptions().queryKey, firstScreenPaths.latestShorts());
  seedFirstScreen(client, activeSessionsQueryOptions().queryKey, firstScreenPaths.activeSessions());
  seedFirstScreen(client, topCreatorsQueryOptions().queryKey, firstScreenPaths.topCreators());
}
