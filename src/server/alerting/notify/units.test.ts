/** Routing, matchers, time intervals and templates, without a store. */
import { describe, expect, it } from 'vitest';
import { TemplateSet } from './goTemplate';
import { TemplateError } from './goTemplateParser';
import { fingerprintOf, parseMatchers, matchesAll } from './matchers';
import { buildRouteTree, durationMs, groupKeyOf, groupLabelsOf, matchRoutes, notificationSettingsLabels } from './routing';
import { inInterval, intervalProblem } from './timeIntervals';

describe('routing', () => {
  const tree = buildRouteTree({
    receiver: 'root',
    group_by: ['alertname'],
    group_wait: '10s',
    routes: [
      {
        receiver: 'db',
        object_matchers: [['team', '=', 'db']],
        continue: true,
        repeat_interval: '1h',
        mute_time_intervals: ['nights'],
        routes: [{ object_matchers: [['severity', '=~', 'crit.*']], group_by: ['...'] }],
      },
      {
        receiver: 'web',
        object_matchers: [
          ['team', '!=', 'db'],
          ['env', '!~', 'dev|test'],
        ],
      },
      { receiver: 'never', object_matchers: [['team', '=', 'db']] },
    ],
  });

  it('walks children in order, stops at the first that takes an alert unless it continues, and falls back to the parent', () => {
    const receivers = (labels: Record<string, string>) => matchRoutes(tree, labels).map((node) => node.receiver);
    // `continue` on the db policy lets the next sibling match too (web does not, never does).
    expect(receivers({ team: 'db', severity: 'warning' })).toEqual(['db', 'never']);
    expect(receivers({ team: 'web', env: 'prod' })).toEqual(['web']);
    expect(receivers({ team: 'web', env: 'dev' })).toEqual(['root']);
    // A missing label matches as "": `team != db` holds, `env !~ dev|test` holds.
    expect(receivers({})).toEqual(['web']);
  });

  it('inherits receiver, grouping and timings from the parent, but not its mute intervals (as Alertmanager)', () => {
    const [critical] = matchRoutes(tree, { team: 'db', severity: 'critical' });
    expect(critical).toMatchObject({
      receiver: 'db',
      groupBy: 'all',
      groupWaitMs: 10_000,
      groupIntervalMs: 300_000,
      repeatIntervalMs: 3_600_000,
      muteTimeIntervals: [],
    });
    expect(groupLabelsOf(critical!, { team: 'db', severity: 'critical', host: 'a' })).toEqual({
      team: 'db',
      severity: 'critical',
      host: 'a',
    });
    expect(groupKeyOf(critical!, { alertname: 'X' })).toBe('{}/{team="db"}/{severity=~"crit.*"}:{alertname="X"}');
    const root = buildRouteTree({ receiver: 'r' });
    expect(root).toMatchObject({
      groupBy: ['grafana_folder', 'alertname'],
      groupWaitMs: 30_000,
      groupIntervalMs: 300_000,
      repeatIntervalMs: 14_400_000,
    });
  });

  it('routes a rule with notification_settings to its contact point alone (simplified routing)', () => {
    const labels = {
      alertname: 'A',
      grafana_folder: 'F',
      ...notificationSettingsLabels({ receiver: 'pager', group_by: ['host'], group_wait: '1s' }),
    };
    const [node] = matchRoutes(tree, { ...labels, team: 'db' });
    expect(node).toMatchObject({
      receiver: 'pager',
      groupBy: ['grafana_folder', 'alertname', 'host'],
      groupWaitMs: 1000,
      repeatIntervalMs: 14_400_000,
      muteTimeIntervals: [],
    });
  });

  it('refuses what Alertmanager refuses (zero group_interval or repeat_interval, a label grouped twice), unless the tree is already stored', () => {
    expect(() => buildRouteTree({ receiver: 'r', group_interval: '0s' })).toThrow('group_interval cannot be zero');
    expect(() => buildRouteTree({ receiver: 'r', routes: [{ routes: [{ repeat_interval: '0' }] }] })).toThrow(
      'repeat_interval cannot be zero',
    );
    expect(() => buildRouteTree({ receiver: 'r', group_by: ['a', 'b', 'a'] })).toThrow('duplicated label "a" in group_by');
    expect(buildRouteTree({ receiver: 'r', group_wait: '0s' }).groupWaitMs).toBe(0);
    // A tree stored before these checks keeps routing as it did.
    expect(buildRouteTree({ receiver: 'r', group_interval: '0s' }, { stored: true }).groupIntervalMs).toBe(0);
  });

  it('reads Prometheus durations', () => {
    expect(durationMs('1h30m')).toBe(5_400_000);
    expect(durationMs('1d')).toBe(86_400_000);
    expect(() => durationMs('soon')).toThrow(/not a duration/);
    // As Prometheus's model.ParseDuration (which Alertmanager reads timings with): a bare 0, no empty text.
    expect(durationMs('0')).toBe(0);
    expect(() => durationMs('')).toThrow(/not a duration/);
  });
});

describe('matchers', () => {
  it('parses Alertmanager text matchers and anchors regexes', () => {
    const matchers = parseMatchers('{alertname="Disk Full", severity=~"crit.*", env!=dev}');
    expect(matchers).toEqual([
      { name: 'alertname', op: '=', value: 'Disk Full' },
      { name: 'severity', op: '=~', value: 'crit.*' },
      { name: 'env', op: '!=', value: 'dev' },
    ]);
    expect(matchesAll(matchers, { alertname: 'Disk Full', severity: 'critical', env: 'prod' })).toBe(true);
    expect(matchesAll(parseMatchers('severity=~crit'), { severity: 'critical' })).toBe(false);
    expect(() => parseMatchers('nonsense')).toThrow(/is not a matcher/);
  });

  it('fingerprints label sets as Alertmanager does (FNV-1a, order-free)', () => {
    expect(fingerprintOf({ b: '2', a: '1' })).toBe(fingerprintOf({ a: '1', b: '2' }));
    expect(fingerprintOf({})).toBe('cbf29ce484222325');
    expect(fingerprintOf({ a: '1' })).not.toBe(fingerprintOf({ a: '2' }));
  });
});

describe('time intervals', () => {
  const at = (iso: string) => Date.parse(iso);

  it('matches times (end exclusive), weekdays, days of month (negative from the end), months and years', () => {
    const office = { times: [{ start_time: '09:00', end_time: '17:00' }], weekdays: ['monday:friday'] };
    expect(inInterval(office, at('2024-05-01T09:00:00Z'))).toBe(true); // a Wednesday
    expect(inInterval(office, at('2024-05-01T17:00:00Z'))).toBe(false);
    expect(inInterval(office, at('2024-05-04T10:00:00Z'))).toBe(false); // Saturday
    expect(inInterval({ days_of_month: ['-1'] }, at('2024-02-29T12:00:00Z'))).toBe(true);
    expect(inInterval({ days_of_month: ['-1'] }, at('2024-02-28T12:00:00Z'))).toBe(false);
    expect(inInterval({ months: ['december', 'january:february'] }, at('2024-01-15T00:00:00Z'))).toBe(true);
    expect(inInterval({ years: ['2020:2023'] }, at('2024-01-15T00:00:00Z'))).toBe(false);
  });

  it('reads the clock in the interval’s location', () => {
    const morning = { times: [{ start_time: '08:00', end_time: '09:00' }], location: 'Asia/Tokyo' };
    expect(inInterval(morning, at('2024-05-01T23:30:00Z'))).toBe(true); // 08:30 in Tokyo
    expect(inInterval(morning, at('2024-05-01T08:30:00Z'))).toBe(false);
  });

  it('says what is wrong with an interval', () => {
    expect(intervalProblem({ weekdays: ['someday'] })).toMatch(/not a weekday or a number/);
    expect(intervalProblem({ days_of_month: ['0'] })).toMatch(/days_of_month/);
    expect(intervalProblem({ location: 'Nowhere/City' })).toMatch(/unknown location/);
  });
});

describe('Go templates', () => {
  const render = (source: string, data: unknown, defines = '') => new TemplateSet().add(defines).render(source, data);

  it('handles pipelines, if/else if/else, range with index and else, with, variables and trimming', () => {
    const data = { Status: 'firing', Items: ['a', 'b'], Empty: [], Map: { pairs: { y: '2', x: '1' } }, N: 3 };
    expect(render('{{ .Status | toUpper }}', data)).toBe('FIRING');
    expect(render('{{ if eq .N 1 }}one{{ else if gt .N 2 }}many{{ else }}two{{ end }}', data)).toBe('many');
    expect(render('{{ range $i, $v := .Items }}{{ $i }}={{ $v }};{{ end }}', data)).toBe('0=a;1=b;');
    expect(render('{{ range .Empty }}x{{ else }}none{{ end }}', data)).toBe('none');
    expect(render('{{ range $k, $v := .Map }}{{ $k }}{{ $v }}{{ end }}', data)).toBe('x1y2');
    expect(render('{{ with .Items }}{{ len . }}{{ end }}', data)).toBe('2');
    expect(render('{{ $x := "a" }}{{ if true }}{{ $x = "b" }}{{ end }}{{ $x }}', data)).toBe('b');
    expect(render('a  {{- " b " -}}  c', data)).toBe('a b c');
    expect(render('{{/* a comment */}}{{ join ", " .Items }}', data)).toBe('a, b');
    expect(render('{{ template "t" .Items }}', data, '{{ define "t" }}[{{ index . 1 }}]{{ end }}')).toBe('[b]');
    expect(render('{{ printf "%s-%d" "x" 5 }} {{ and 1 0 }} {{ or 0 "y" }} {{ not false }}', data)).toBe('x-5 0 y true');
  });

  it('says what is wrong with a template', () => {
    expect(() => render('{{ if .X }}', {})).toThrow(/missing its \{\{ end \}\}/);
    expect(() => render('{{ nosuch . }}', {})).toThrow(/function "nosuch" not defined/);
    expect(() => render('{{ template "nope" . }}', {})).toThrow(/template "nope" is not defined/);
    expect(() => render('{{ .a.b }}', { a: 1 })).toThrow(new TemplateError("can't evaluate field b"));
  });

  it('bounds nesting at 100 with a TemplateError where the stack would overflow (parsing and rendering)', () => {
    const ifs = (n: number, inner = 'x') => '{{ if 1 }}'.repeat(n) + inner + '{{ end }}'.repeat(n);
    const parens = (n: number) => '{{ ' + '('.repeat(n) + '1' + ')'.repeat(n) + ' }}';
    const tooDeep = new TemplateError('max expression depth exceeded: blocks and parentheses nest more than 100 deep');
    expect(render(ifs(100), {})).toBe('x');
    expect(render(parens(100), {})).toBe('1');
    expect(render(ifs(60, parens(40)), {})).toBe('1');
    for (const source of [ifs(101), parens(101), ifs(60, parens(41)), ifs(20_000), parens(20_000), `{{ define "d" }}${ifs(100)}{{ end }}`])
      expect(() => render(source, {})).toThrow(tooDeep);
    // Templates calling each other add their nesting up: bounded too, below what the stack holds.
    const recursive = `{{ define "r" }}${ifs(90, '{{ template "r" . }}')}{{ end }}`;
    expect(() => render('{{ template "r" . }}', {}, recursive)).toThrow(/^max expression depth exceeded: .* more than 250 deep$/);
  });

  it('says, without data, what stops a template from rendering: syntax, and templates or functions it reaches that are not defined', () => {
    const set = new TemplateSet().add('{{ define "a" }}{{ template "b" . }}{{ end }}{{ define "b" }}{{ nosuch 1 }}{{ end }}');
    expect(set.problem('{{ if .Firing }}{{ template "a" . }}{{ end }}')).toBe('function "nosuch" not defined');
    expect(set.problem('{{ with .X }}{{ else }}{{ template "gone" . }}{{ end }}')).toBe('template "gone" is not defined');
    expect(set.problem('{{ (len (toUpper "a")) }}{{ define "local" }}x{{ end }}{{ template "local" }}')).toBeUndefined();
    expect(set.problem('{{ range }}')).toMatch(/missing value/);
    // Recursion is fine to check: each template is read once.
    expect(new TemplateSet().add('{{ define "r" }}{{ template "r" . }}{{ end }}').problem('{{ template "r" . }}')).toBeUndefined();
  });
});
