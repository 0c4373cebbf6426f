/** Formatting shared by every feature: counts of things and dates, in the reader's locale. */

/**
 * A formatter made on first use: creating one loads the locale's data, tens of milliseconds that
 * pages showing no date (the dashboards list) should not spend while loading.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(undefined, options));
}

const dateTimeFormat = lazyFormat({ dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = lazyFormat({ dateStyle: 'medium' });

/** "1 dashboard", "3 dashboards"; `many` for the irregular ones ("1 person", "2 people"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

type DateInput = string | number | Date;

/** "12 Mar 2026, 14:05": an ISO string, epoch milliseconds or a Date. */
export function formatDateTime(value: DateInput): string {
  return dateTimeFormat().format(new Date(value));
}

/** "12 Mar 2026". */
export function formatDate(value: DateInput): string {
  return dateFormat().format(new Date(value));
}
