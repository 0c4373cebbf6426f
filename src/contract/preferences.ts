import { z } from 'zod';
import { optionalField, typeError } from './common';

/** Themes a preference may name (Grafana's `IsValidThemeID` for the built-in ones); empty is "the default". */
export const preferenceThemes = ['light', 'dark', 'system'] as const;
export type PreferenceTheme = (typeof preferenceThemes)[number];

/** Week starts Grafana's preference form offers; empty is "the default" (the browser's). */
export const weekStarts = ['saturday', 'sunday', 'monday'] as const;
export type WeekStart = (typeof weekStarts)[number];

/** Timezones Grafana accepts besides IANA zone names: `utc`, `browser`, and empty for the default. */
export const timezoneKeywords = ['utc', 'browser'] as const;

/** Grafana's `IsValidTimezone`: empty, `utc`, `browser`, or a zone name the runtime knows. */
export function isValidTimezone(timezone: string): boolean {
  return canonicalTimezone(timezone) !== undefined;
}

/**
 * The timezone as it is stored: the keywords and empty as they are, a zone in the letter case of
 * its name (`europe/berlin` → `Europe/Berlin`: Intl takes any case, Go's loader, which Grafana's
 * tools use, does not; a zone Intl knows by another name, such as `Asia/Kolkata`, is kept as
 * given); undefined for no zone at all.
 */
export function canonicalTimezone(timezone: string): string | undefined {
  if (timezone === '' || (timezoneKeywords as readonly string[]).includes(timezone)) return timezone;
  try {
    const known = new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
    return known.toLowerCase() === timezone.toLowerCase() ? known : timezone;
  } catch {
    return undefined;
  }
}

/**
 * One level's preferences (`GET /api/user/preferences`, `/api/org/preferences`,
 * `/api/teams/{id}/preferences`), every key present, empty when unset. A real Grafana leaves unset
 * keys out; they parse as empty.
 */
export const preferencesSchema = z.looseObject({
  theme: z.string().default(''),
  /** Deprecated in Grafana: the home dashboard's numeric id, 0 for none. */
  homeDashboardId: z.number().default(0),
  homeDashboardUID: z.string().default(''),
  timezone: z.string().default(''),
  weekStart: z.string().default(''),
  language: z.string().default(''),
  locale: z.string().default(''),
  queryHistory: z.looseObject({ homeTab: z.string().default('') }).default({ homeTab: '' }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

const text = (max: number) => z.string({ error: typeError('a string') }).max(max, `is too long: at most ${max} characters`);

/**
 * `PUT` (a key left out is reset to the default, as Grafana) and `PATCH` (only the keys given
 * change) of any level. `homeDashboardUID` wins over the deprecated `homeDashboardId`; an empty
 * uid, or id 0, clears the home dashboard.
 */
export const updatePreferencesRequestSchema = z.object({
  theme: optionalField(text(20)),
  homeDashboardId: optionalField(
    z
      .number({ error: typeError('a number') })
      .int('must be an integer')
      .min(0, 'must be at least 0'),
  ),
  homeDashboardUID: optionalField(text(40)),
  timezone: optionalField(text(50)),
  weekStart: optionalField(text(10)),
  language: optionalField(text(20)),
  locale: optionalField(text(20)),
  queryHistory: optionalField(z.object({ homeTab: optionalField(text(20)) })),
});
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

/**
 * `GET /api/dashboards/home` as the UI reads it: Grafana's redirect to the effective home
 * dashboard (`redirectUri`), or the built-in home (a dashboard with meta, no `redirectUri`).
 */
export const homeDashboardAnswerSchema = z.looseObject({ redirectUri: z.string().optional() });
export type HomeDashboardAnswer = z.infer<typeof homeDashboardAnswerSchema>;

/** What applies where no level sets a field (Grafana's configured defaults; Sightline follows the system's theme). */
export const defaultPreferences: Preferences = {
  theme: 'system',
  homeDashboardId: 0,
  homeDashboardUID: '',
  timezone: 'browser',
  weekStart: 'browser',
  language: '',
  locale: '',
  queryHistory: { homeTab: '' },
};
