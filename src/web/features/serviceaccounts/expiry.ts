// A token's lifetime as the mint dialog offers it, and the `secondsToLive` it becomes.
const DAY = 24 * 3600;

export type ExpiryChoice = 'never' | '1d' | '7d' | '30d' | '90d' | 'date' | 'custom';

/** The expiry choices of the dialog, in the order shown; presets carry their lifetime. */
export const expiryChoices: ReadonlyArray<{ value: ExpiryChoice; label: string; seconds?: number }> = [
  { value: 'never', label: 'No expiration' },
  { value: '1d', label: '1 day', seconds: DAY },
  { value: '7d', label: '7 days', seconds: 7 * DAY },
  { value: '30d', label: '30 days', seconds: 30 * DAY },
  { value: '90d', label: '90 days', seconds: 90 * DAY },
  { value: 'date', label: 'Until a date' },
  { value: 'custom', label: 'Custom lifetime' },
];

export const lifetimeUnits = [
  { value: 'seconds', label: 'seconds', seconds: 1 },
  { value: 'minutes', label: 'minutes', seconds: 60 },
  { value: 'hours', label: 'hours', seconds: 3600 },
  { value: 'days', label: 'days', seconds: DAY },
] as const;
export type LifetimeUnit = (typeof lifetimeUnits)[number]['value'];

export interface ExpiryInput {
  choice: ExpiryChoice;
  /** `YYYY-MM-DD` of a date input; the token stops working at the start of that day, local time. */
  date: string;
  amount: number | string;
  unit: LifetimeUnit;
}

/** A date input's value for the day `days` after `now`. */
export function dateInputValue(now: number, days: number): string {
  const day = new Date(now);
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The `secondsToLive` to send for a choice (undefined: never expires), or what is wrong with it. */
export function secondsToLive(input: ExpiryInput, now: number): { seconds: number | undefined } | { error: string } {
  switch (input.choice) {
    case 'never':
      return { seconds: undefined };
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.date);
      if (!match) return { error: 'Pick the date the token stops working' };
      const startOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
      const seconds = Math.ceil((startOfDay - now) / 1000);
      return seconds > 0 ? { seconds } : { error: 'Pick a date after today' };
    }
    case 'custom': {
      const amount = typeof input.amount === 'number' ? input.amount : Number(input.amount);
      if (input.amount === '' || !Number.isInteger(amount) || amount < 1) return { error: 'Enter a whole number, 1 or more' };
      const unit = lifetimeUnits.find((option) => option.value === input.unit)!;
      return { seconds: amount * unit.seconds };
    }
    default:
      return { seconds: expiryChoices.find((option) => option.value === input.choice)?.seconds };
  }
}
