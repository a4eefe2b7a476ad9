import * as z from 'zod/mini';
import { CreateViewResultSchema, type ViewContentType } from '../../../schema/views';
import { apiPost, apiPut } from '../../lib/api';

const SESSION_KEY = 'reel-view-session';

/** One id per browser tab, sent with every view (the spec's `sessionId`). */
export function viewSessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

/** `POST /api/views/{type}/{id}`: starts a view and answers its id. */
export async function startView(type: ViewContentType, contentId: string, userId: string): Promise<string> {
  const body = { userId, sessionId: viewSessionId(), userAgent: navigator.userAgent.slice(0, 512) };
  const { viewId } = await apiPost(`/api/views/${type}/${contentId}`, body, CreateViewResultSchema);
  return viewId;
}

/** `PUT /api/views/{viewId}`: the seconds watched so far and whether it ended (the answer is unused). */
export async function updateView(viewId: string, watchDuration: number, isCompleted: boolean): Promise<void> {
  const body = {
    watchDuration: Math.max(0, Math.round(watchDuration)),
    isCompleted,
    sessionId: viewSessionId(),
  };
  await apiPut(`/api/views/${viewId}`, body, z.unknown());
}
