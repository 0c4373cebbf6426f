import { Badge, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime } from '../../lib/format';
import type { TokenExpiry } from './format';

/**
 * The current time, redrawn after `delayAfter(now)` milliseconds and again from then on, so
 * countdowns move without a reload and tick faster when something is about to change.
 */
export function useNow(delayAfter: (now: number) => number): number {
  const [now, setNow] = useState(() => Date.now());
  const delay = delayAfter(now);
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(Date.now()), delay);
    return () => window.clearTimeout(timer);
  }, [now, delay]);
  return now;
}

/**
 * "Never", a date, "Expires in N days" marked as a warning, or an "Expired" badge. Dot and filled
 * badges keep their text readable on striped rows in both themes.
 */
export function TokenExpiryLabel({ expiry }: { expiry: TokenExpiry }) {
  switch (expiry.kind) {
    case 'never':
      return <Text size="sm">Never</Text>;
    case 'expired':
      return (
        <Badge color="red" variant="filled" title={`Expired ${formatDateTime(expiry.at)}`}>
          Expired
        </Badge>
      );
    case 'soon':
      return (
        <Badge color="orange" variant="dot" tt="none" size="lg" fw={600} title={`Expires ${formatDateTime(expiry.at)}`}>
          {expiry.text}
        </Badge>
      );
    case 'date':
      return (
        <Text size="sm" component="time" dateTime={expiry.at} title={formatDateTime(expiry.at)}>
          {formatDate(expiry.at)}
        </Text>
      );
  }
}
