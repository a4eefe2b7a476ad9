import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../schema/first-screen';

/**
 * The API answers the worker inlined into this page with its first screen (worker/first-screen/,
 * issue 20), by path. Read on first use (never at import: the service worker shares this code and
 * has no document); each is handed out once, so a later read of the same path asks the server
 * again. A page from the service worker's shell has none.
 */
let inlined: FirstScreenData | undefined;

const readInlined = (): FirstScreenData => {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element?.textContent) return {};
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
};

/** Whether the page still carries an answer for `path`: one not yet taken. */
export function carriesFirstScreenAnswer(path: string): boolean {
  inlined ??= readInlined();
  return Object.hasOwn(inlined, path);
}

/** Whether the page still carries any answer: only its first load does, and only until they are taken. */
export function carriesFirstScreenAnswers(): boolean {
  inlined ??= readInlined();
  return Object.keys(inlined).length > 0;
}

/** The inlined answer for `path`, taken (undefined when the page carries none for it). */
export function takeFirstScreenAnswer(path: string): unknown {
  inlined ??= readInlined();
  if (!Object.hasOwn(inlined, path)) return undefined;
  const answer = inlined[path];
  delete inlined[path];
  return answer;
}

/**
 * Puts the inlined answer for `path` in the cache under `queryKey` before the first render, so the
 * page draws with it at once instead of a loading state and asks for nothing. Not parsed: the
 * worker wrote it in this same response, from the same API handlers the app would have called (of
 * the same deploy as this code), and parsing would mean loading zod before the first paint.
 */
export function seedFirstScreen<TData, TError>(
  client: QueryClient,
  queryKey: DataTag<QueryKey, TData, TError>,
  path: string,
): void {
  const answer = takeFirstScreenAnswer(path);
  if (answer !== undefined) client.setQueryData(queryKey, answer as TData);
}
