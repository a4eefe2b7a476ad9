/**
 * Whether the device may keep an answer: a 200 the server did not mark for one person only. The
 * worker answers a private video's objects and records `Cache-Control: private, no-store`
 * (worker/media/cache-policy.ts): the service worker's caches and the offline store never keep
 * those, so they play online for their owner and are not on the device for the next person.
 */
const PRIVATE_DIRECTIVE = /(?:^|,)\s*(?:private|no-store)\s*(?:[,=]|$)/i;

export const mayKeepAnswer = (response: Response): boolean =>
  response.status === 200 && !PRIVATE_DIRECTIVE.test(response.headers.get('Cache-Control') ?? '');
