/**
 * The clock the live rules read (when media arrived, whether a session is still on air). One
 * object so a worker test can move time with `vi.spyOn(liveClock, 'now')` instead of sleeping.
 */
export const liveClock = { now: (): number => Date.now() };
