import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: growth is computed from timestamps, so it moves. */
export function useNow(everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
