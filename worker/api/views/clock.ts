/**
 * The clock view tracking reads (when a view began, how long since). One object so a worker test
 * can move time with `vi.spyOn(viewClock, 'now')` instead of waiting out a video or 30 minutes.
 */
export const viewClock = { now: (): number => Date.now() };
