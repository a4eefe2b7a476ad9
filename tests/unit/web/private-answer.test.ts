import { describe, expect, it } from 'vitest';
import { mayKeepAnswer } from '../../../web/data/private-answer';

const answer = (status: number, cacheControl?: string) =>
  new Response(status === 304 ? null : 'x', {
    status,
    headers: cacheControl ? { 'Cache-Control': cacheControl } : {},
  });

describe('mayKeepAnswer', () => {
  it("refuses a private video's answers to its owner", () => {
    expect(mayKeepAnswer(answer(200, 'private, no-store'))).toBe(false);
    expect(mayKeepAnswer(answer(200, 'no-store'))).toBe(false);
    expect(mayKeepAnswer(answer(200, 'max-age=0, PRIVATE'))).toBe(false);
  });

  it('keeps public answers, and answers that say nothing', () => {
    expect(mayKeepAnswer(answer(200, 'public, max-age=31536000, immutable'))).toBe(true);
    expect(mayKeepAnswer(answer(200, 'public, max-age=300'))).toBe(true);
    expect(mayKeepAnswer(answer(200))).toBe(true);
  });

  it('keeps only whole answers: not a range, a refusal or a missing object', () => {
    expect(mayKeepAnswer(answer(206, 'public, max-age=300'))).toBe(false);
    expect(mayKeepAnswer(answer(404))).toBe(false);
  });
});
