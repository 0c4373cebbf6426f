/**
 * PromQL's functions and aggregation operators with their signatures and a line of help, for
 * completion (Prometheus' own documentation, shortened).
 */
export interface PromqlFunction {
  name: string;
  signature: string;
  doc: string;
}

const fn = (name: string, args: string, doc: string): PromqlFunction => ({ name, signature: `${name}(${args})`, doc });
const overTime = (name: string, what: string) => fn(name, 'range-vector', `The ${what} of all points in the specified interval.`);

export const PROMQL_FUNCTIONS: readonly PromqlFunction[] = [
  fn('abs', 'v instant-vector', 'Every sample value converted to its absolute value.'),
  fn('absent', 'v instant-vector', 'A 1-element vector with value 1 if the vector has no elements, else empty: alert on missing series.'),
  fn('absent_over_time', 'v range-vector', 'A 1-element vector with value 1 if the range vector has no elements.'),
  fn('acos', 'v instant-vector', 'The arccosine of every value.'),
  fn('asin', 'v instant-vector', 'The arcsine of every value.'),
  fn('atan', 'v instant-vector', 'The arctangent of every value.'),
  fn('ceil', 'v instant-vector', 'Every value rounded up to the nearest integer.'),
  fn('changes', 'v range-vector', 'How many times each series’ value changed within the range.'),
  fn('clamp', 'v instant-vector, min scalar, max scalar', 'Every value clamped to between min and max.'),
  fn('clamp_max', 'v instant-vector, max scalar', 'Every value clamped to at most max.'),
  fn('clamp_min', 'v instant-vector, min scalar', 'Every value clamped to at least min.'),
  fn('cos', 'v instant-vector', 'The cosine of every value.'),
  fn('day_of_month', 'v=vector(time()) instant-vector', 'The day of the month (1–31) of each timestamp, in UTC.'),
  fn('day_of_week', 'v=vector(time()) instant-vector', 'The day of the week (0 = Sunday) of each timestamp, in UTC.'),
  fn('day_of_year', 'v=vector(time()) instant-vector', 'The day of the year (1–366) of each timestamp, in UTC.'),
  fn('days_in_month', 'v=vector(time()) instant-vector', 'The number of days in the month of each timestamp, in UTC.'),
  fn('deg', 'v instant-vector', 'Radians converted to degrees.'),
  fn('delta', 'v range-vector', 'The difference between the first and last value of each gauge series in the range.'),
  fn('deriv', 'v range-vector', 'The per-second derivative of each gauge series, by simple linear regression.'),
  fn('exp', 'v instant-vector', 'The exponential function of every value.'),
  fn('floor', 'v instant-vector', 'Every value rounded down to the nearest integer.'),
  fn('histogram_avg', 'v instant-vector', 'The arithmetic average of each native histogram’s observations.'),
  fn('histogram_count', 'v instant-vector', 'The count of observations of each native histogram.'),
  fn('histogram_fraction', 'lower scalar, upper scalar, v instant-vector', 'The fraction of observations between lower and upper.'),
  fn(
    'histogram_quantile',
    'φ scalar, b instant-vector',
    'The φ-quantile (0 ≤ φ ≤ 1) from the buckets of a histogram, e.g. rate(x_bucket[5m]).',
  ),
  fn('histogram_stddev', 'v instant-vector', 'The estimated standard deviation of each native histogram’s observations.'),
  fn('histogram_stdvar', 'v instant-vector', 'The estimated standard variance of each native histogram’s observations.'),
  fn('histogram_sum', 'v instant-vector', 'The sum of observations of each native histogram.'),
  fn('hour', 'v=vector(time()) instant-vector', 'The hour of the day (0–23) of each timestamp, in UTC.'),
  fn('idelta', 'v range-vector', 'The difference between the last two samples of each series in the range.'),
  fn('increase', 'v range-vector', 'The increase of each counter in the range, adjusted for resets.'),
  fn('irate', 'v range-vector', 'The per-second instant rate of each counter, from its last two samples.'),
  fn(
    'label_join',
    'v instant-vector, dst string, separator string, src_1 string, …',
    'Joins the values of the source labels into the destination label.',
  ),
  fn(
    'label_replace',
    'v instant-vector, dst string, replacement string, src string, regex string',
    'Writes a label from a regular expression match of another.',
  ),
  fn('ln', 'v instant-vector', 'The natural logarithm of every value.'),
  fn('log10', 'v instant-vector', 'The decimal logarithm of every value.'),
  fn('log2', 'v instant-vector', 'The binary logarithm of every value.'),
  fn('minute', 'v=vector(time()) instant-vector', 'The minute of the hour (0–59) of each timestamp, in UTC.'),
  fn('month', 'v=vector(time()) instant-vector', 'The month of the year (1–12) of each timestamp, in UTC.'),
  fn('pi', '', 'The number π.'),
  fn('predict_linear', 'v range-vector, t scalar', 'The predicted value t seconds from now, by simple linear regression.'),
  fn('rad', 'v instant-vector', 'Degrees converted to radians.'),
  fn('rate', 'v range-vector', 'The per-second average rate of increase of each counter in the range, adjusted for resets.'),
  fn('resets', 'v range-vector', 'How many times each counter reset within the range.'),
  fn('round', 'v instant-vector, to_nearest=1 scalar', 'Every value rounded to the nearest multiple of to_nearest.'),
  fn('scalar', 'v instant-vector', 'The value of a single-element vector as a scalar, else NaN.'),
  fn('sgn', 'v instant-vector', 'The sign of every value: 1, -1 or 0.'),
  fn('sin', 'v instant-vector', 'The sine of every value.'),
  fn('sort', 'v instant-vector', 'The elements sorted by value, ascending (instant queries).'),
  fn('sort_by_label', 'v instant-vector, label string, …', 'The elements sorted by the given labels’ values, ascending.'),
  fn('sort_by_label_desc', 'v instant-vector, label string, …', 'The elements sorted by the given labels’ values, descending.'),
  fn('sort_desc', 'v instant-vector', 'The elements sorted by value, descending (instant queries).'),
  fn('sqrt', 'v instant-vector', 'The square root of every value.'),
  fn('tan', 'v instant-vector', 'The tangent of every value.'),
  fn('time', '', 'The evaluation time, in seconds since the epoch.'),
  fn('timestamp', 'v instant-vector', 'The timestamp of each sample, in seconds since the epoch.'),
  fn('vector', 's scalar', 'The scalar as a vector without labels.'),
  fn('year', 'v=vector(time()) instant-vector', 'The year of each timestamp, in UTC.'),
  overTime('avg_over_time', 'average value'),
  overTime('count_over_time', 'count'),
  overTime('last_over_time', 'most recent value'),
  overTime('max_over_time', 'maximum value'),
  overTime('min_over_time', 'minimum value'),
  overTime('present_over_time', 'value 1 for any series'),
  fn('quantile_over_time', 'φ scalar, v range-vector', 'The φ-quantile (0 ≤ φ ≤ 1) of the values in the interval.'),
  overTime('stddev_over_time', 'population standard deviation'),
  overTime('stdvar_over_time', 'population standard variance'),
  overTime('sum_over_time', 'sum'),
];

const aggregation = (name: string, args: string, doc: string): PromqlFunction => ({
  name,
  signature: `${name} [by|without (label, …)] (${args})`,
  doc,
});

export const PROMQL_AGGREGATIONS: readonly PromqlFunction[] = [
  aggregation('avg', 'v instant-vector', 'The average over dimensions.'),
  aggregation('bottomk', 'k scalar, v instant-vector', 'The smallest k elements by sample value.'),
  aggregation('count', 'v instant-vector', 'The number of elements in the vector.'),
  aggregation('count_values', 'label string, v instant-vector', 'The number of elements with the same value, the value in the label.'),
  aggregation('group', 'v instant-vector', 'Value 1 for every group.'),
  aggregation('limitk', 'k scalar, v instant-vector', 'k elements, chosen deterministically.'),
  aggregation('limit_ratio', 'r scalar, v instant-vector', 'About the ratio r of the elements, chosen deterministically.'),
  aggregation('max', 'v instant-vector', 'The maximum over dimensions.'),
  aggregation('min', 'v instant-vector', 'The minimum over dimensions.'),
  aggregation('quantile', 'φ scalar, v instant-vector', 'The φ-quantile (0 ≤ φ ≤ 1) over dimensions.'),
  aggregation('stddev', 'v instant-vector', 'The population standard deviation over dimensions.'),
  aggregation('stdvar', 'v instant-vector', 'The population standard variance over dimensions.'),
  aggregation('sum', 'v instant-vector', 'The sum over dimensions.'),
  aggregation('topk', 'k scalar, v instant-vector', 'The largest k elements by sample value.'),
];

export const PROMQL_KEYWORDS = ['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'offset', 'bool', 'and', 'or', 'unless'];

/** Durations offered inside `[...]`, with Grafana's interval variables. */
export const PROMQL_DURATIONS = ['$__rate_interval', '$__interval', '$__range', '1m', '5m', '10m', '30m', '1h', '1d'];
