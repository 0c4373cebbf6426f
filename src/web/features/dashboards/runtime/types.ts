/**
 * Shapes shared by the live dashboard's runtime: the time range, variables and interpolation,
 * and the panels' queries. The dashboard JSON is Grafana's; these are what the runtime makes of it.
 */

/** A time range as the URL and the dashboard JSON say it: epoch ms or relative (`now-6h`, `now/d`). */
export interface RawTimeRange {
  from: string;
  to: string;
}

/** The same range resolved to epoch milliseconds at one instant. */
export interface ResolvedTimeRange {
  from: number;
  to: number;
}

/** One choice of a variable. */
export interface VariableOption {
  text: string;
  value: string;
}

/** The special value Grafana stores for "All". */
export const ALL_VALUE = '$__all';

/** A variable as `templating.list[]` saves it (Grafana's JSON; fields not used here pass through). */
export interface VariableModel {
  name: string;
  type: string;
  label?: string | null;
  description?: string | null;
  /** 0: label and value; 1: value only; 2: hidden. */
  hide?: number;
  /** Grafana's "not in the URL" (constants always are). */
  skipUrlSync?: boolean;
  /** A string, or (newer dashboards) `{ query: string, refId }`. */
  query?: unknown;
  definition?: string;
  datasource?: unknown;
  regex?: string;
  /** 0 never, 1 on dashboard load, 2 on time range change. */
  refresh?: number;
  /** 0 none, 1 alphabetical asc, 2 desc, 3 numerical asc, 4 desc, 5/6 case-insensitive alphabetical. */
  sort?: number;
  multi?: boolean;
  includeAll?: boolean;
  allValue?: string | null;
  current?: { text?: unknown; value?: unknown } | null;
  options?: Array<{ text?: unknown; value?: unknown; selected?: boolean }>;
  /** interval variables */
  auto?: boolean;
  auto_count?: number;
  auto_min?: string;
  [key: string]: unknown;
}

/** A variable's state at run time: its options and what is selected. */
export interface VariableState {
  name: string;
  type: string;
  /** What its control is labelled: `label`, else `name`. */
  label: string;
  hide: number;
  multi: boolean;
  includeAll: boolean;
  allValue?: string;
  options: VariableOption[];
  /** The selected values (`[ALL_VALUE]` for All); always at least one once loaded, except a textbox may be ''. */
  value: string[];
  /** The texts shown for the selected values. */
  text: string[];
  loading: boolean;
  /** Why its options could not be loaded, in the server's words. */
  error?: string;
}

/** Everything `$name` can stand for in a query or a title. */
export interface InterpolationScope {
  variables: Record<string, VariableState>;
  /** `__interval`, `__interval_ms`, `__rate_interval`, `__range`, `__range_s`, `__range_ms`, `__from`, `__to`, `__dashboard`, ... */
  builtins: Record<string, string>;
}
