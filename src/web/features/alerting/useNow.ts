import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs`, so "12 s ago" keeps counting between answers. */
export function useNow(everyMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
