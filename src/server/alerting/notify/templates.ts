/**
 * What notification templates see (Grafana's `ExtendedData`: `.Status`, `.Alerts` with `.Firing`
 * and `.Resolved`, `.GroupLabels`, `.CommonLabels`, `.CommonAnnotations`, `.ExternalURL`, each
 * alert's `.Labels`, `.Annotations`, `.Values`, `.SilenceURL`, ...) and Grafana's default
 * templates (`default.title`, `default.message`, `teams.default.message`), which contact points
 * use unless their settings name others. Labels and annotations starting with `__` are private:
 * templates and payloads never show them.
 */
import { GoFloat, TemplateSet } from './goTemplate';
import { TemplateError } from './goTemplateParser';
import type { Labels, StoredAlert } from './types';

/** Alertmanager's `KV`: a label map with its methods (`SortedPairs`, `Names`, `Values`, `Remove`). */
export class KV {
  constructor(readonly pairs: Record<string, string>) {}
  /** Alertmanager's `Pairs`: a list that has `Names` and `Values` too. */
  SortedPairs(): Array<{ Name: string; Value: string }> {
    const pairs = this.Names().map((name) => ({ Name: name, Value: this.pairs[name]! }));
    Object.defineProperties(pairs, {
      Names: { value: () => pairs.map((pair) => pair.Name), enumerable: false },
      Values: { value: () => pairs.map((pair) => pair.Value), enumerable: false },
    });
    return pairs;
  }
  Names(): string[] {
    return Object.keys(this.pairs).sort();
  }
  Values(): string[] {
    return this.Names().map((name) => this.pairs[name]!);
  }
  Remove(names: unknown): KV {
    const drop = new Set(Array.isArray(names) ? names.map(String) : [String(names)]);
    return new KV(Object.fromEntries(Object.entries(this.pairs).filter(([name]) => !drop.has(name))));
  }
  toJSON(): Record<string, string> {
    return this.pairs;
  }
}

/** Grafana's default templates (grafana/alerting `templates/default_template.go`), in Go template syntax. */
export const DEFAULT_TEMPLATES = `
{{ define "__subject" }}[{{ .Status | toUpper }}{{ if eq .Status "firing" }}:{{ .Alerts.Firing | len }}{{ if gt (.Alerts.Resolved | len) 0 }}, RESOLVED:{{ .Alerts.Resolved | len }}{{ end }}{{ end }}] {{ .GroupLabels.SortedPairs.Values | join " " }} {{ if gt (len .CommonLabels) (len .GroupLabels) }}({{ with .CommonLabels.Remove .GroupLabels.Names }}{{ .Values | join " " }}{{ end }}){{ end }}{{ end }}

{{ define "__text_values_list" }}{{ if len .Values }}{{ $first := true }}{{ range $refID, $value := .Values -}}
{{ if $first }}{{ $first = false }}{{ else }}, {{ end }}{{ $refID }}={{ $value }}{{ end -}}
{{ else }}[no value]{{ end }}{{ end }}

{{ define "__text_alert_list" }}{{ range . }}
Value: {{ template "__text_values_list" . }}
Labels:
{{ range .Labels.SortedPairs }} - {{ .Name }} = {{ .Value }}
{{ end }}Annotations:
{{ range .Annotations.SortedPairs }} - {{ .Name }} = {{ .Value }}
{{ end }}{{ if gt (len .GeneratorURL) 0 }}Source: {{ .GeneratorURL }}
{{ end }}{{ if gt (len .SilenceURL) 0 }}Silence: {{ .SilenceURL }}
{{ end }}{{ if gt (len .DashboardURL) 0 }}Dashboard: {{ .DashboardURL }}
{{ end }}{{ if gt (len .PanelURL) 0 }}Panel: {{ .PanelURL }}
{{ end }}{{ end }}{{ end }}

{{ define "default.title" }}{{ template "__subject" . }}{{ end }}

{{ define "default.message" }}{{ if gt (len .Alerts.Firing) 0 }}**Firing**
{{ template "__text_alert_list" .Alerts.Firing }}{{ if gt (len .Alerts.Resolved) 0 }}

{{ end }}{{ end }}{{ if gt (len .Alerts.Resolved) 0 }}**Resolved**
{{ template "__text_alert_list" .Alerts.Resolved }}{{ end }}{{ end }}

{{ define "__teams_text_alert_list" }}{{ range . }}
Value: {{ template "__text_values_list" . }}
Labels:
{{ range .Labels.SortedPairs }} - {{ .Name }} = {{ .Value }}
{{ end }}
Annotations:
{{ range .Annotations.SortedPairs }} - {{ .Name }} = {{ .Value }}
{{ end }}
{{ if gt (len .GeneratorURL) 0 }}Source: [{{ .GeneratorURL }}]({{ .GeneratorURL }})

{{ end }}{{ if gt (len .SilenceURL) 0 }}Silence: [{{ .SilenceURL }}]({{ .SilenceURL }})

{{ end }}{{ if gt (len .DashboardURL) 0 }}Dashboard: [{{ .DashboardURL }}]({{ .DashboardURL }})

{{ end }}{{ if gt (len .PanelURL) 0 }}Panel: [{{ .PanelURL }}]({{ .PanelURL }})

{{ end }}
{{ end }}{{ end }}

{{ define "teams.default.message" }}{{ if gt (len .Alerts.Firing) 0 }}**Firing**
{{ template "__teams_text_alert_list" .Alerts.Firing }}{{ if gt (len .Alerts.Resolved) 0 }}

{{ end }}{{ end }}{{ if gt (len .Alerts.Resolved) 0 }}**Resolved**
{{ template "__teams_text_alert_list" .Alerts.Resolved }}{{ end }}{{ end }}
`;

export const DEFAULT_TITLE = '{{ template "default.title" . }}';
export const DEFAULT_MESSAGE = '{{ template "default.message" . }}';

/** A stored template's text: content without `{{ define }}` is wrapped in one named after the template (as Grafana). */
export function templateSource(name: string, content: string): string {
  return /\{\{-?\s*define\s/.test(content) ? content : `{{ define ${JSON.stringify(name)} }}${content}{{ end }}`;
}

/** The default templates plus the org's own (which may replace a default of the same name). */
export function templateSetOf(templates: Array<{ name: string; template: string }>): TemplateSet {
  const set = new TemplateSet().add(DEFAULT_TEMPLATES);
  for (const template of templates) {
    try {
      set.add(templateSource(template.name, template.template));
    } catch (error) {
      // One stored template that does not parse (written by a file) must not stop the org's
      // notifications and contact point writes: what calls it is told it is not defined.
      if (!(error instanceof TemplateError)) throw error;
    }
  }
  return set;
}

/** Go's zero time, as Alertmanager shows the end of an alert still firing. */
export const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

/** RFC 3339 as Go marshals `time.Time` (no `.000` when there are no fractions). */
export function goTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('.000Z', 'Z');
}

export function publicLabels(labels: Labels): Labels {
  return Object.fromEntries(Object.entries(labels).filter(([name]) => !name.startsWith('__')));
}

export interface TemplateAlert {
  Status: 'firing' | 'resolved';
  Labels: KV;
  Annotations: KV;
  StartsAt: string;
  EndsAt: string;
  GeneratorURL: string;
  Fingerprint: string;
  SilenceURL: string;
  DashboardURL: string;
  PanelURL: string;
  Values: KV;
  ValueString: string;
  OrgID: number;
}

export interface TemplateData {
  Receiver: string;
  Status: 'firing' | 'resolved';
  Alerts: TemplateAlert[] & { Firing(): TemplateAlert[]; Resolved(): TemplateAlert[] };
  GroupLabels: KV;
  CommonLabels: KV;
  CommonAnnotations: KV;
  ExternalURL: string;
  GroupKey: string;
  TruncatedAlerts: number;
}

function alertList(alerts: TemplateAlert[]): TemplateData['Alerts'] {
  const list = [...alerts] as TemplateData['Alerts'];
  Object.defineProperties(list, {
    Firing: { value: () => alertList(alerts.filter((a) => a.Status === 'firing')), enumerable: false },
    Resolved: { value: () => alertList(alerts.filter((a) => a.Status === 'resolved')), enumerable: false },
  });
  return list;
}

/** Labels (or annotations) every one of the maps has with the same value. */
function common(maps: Labels[]): Labels {
  if (maps.length === 0) return {};
  const [first, ...rest] = maps;
  return Object.fromEntries(Object.entries(first!).filter(([name, value]) => rest.every((map) => map[name] === value)));
}

/** The silence page of this alert's labels (Grafana's `SilenceURL`). */
function silenceUrl(externalUrl: string, labels: Labels): string {
  const query = new URLSearchParams({ alertmanager: 'grafana' });
  for (const name of Object.keys(labels).sort()) query.append('matcher', `${name}=${labels[name]}`);
  return `${externalUrl}/alerting/silence/new?${query.toString()}`;
}

/** The data a group's notification renders from: alerts firing at `now` are firing, the others resolved. */
export function templateData(options: {
  receiver: string;
  groupLabels: Labels;
  groupKey: string;
  alerts: StoredAlert[];
  now: number;
  externalUrl: string;
  truncatedAlerts?: number;
}): TemplateData {
  const base = options.externalUrl.replace(/\/+$/, '');
  const alerts = options.alerts.map((alert): TemplateAlert => {
    const resolved = alert.endsAt <= options.now;
    const labels = publicLabels(alert.labels);
    const dashboardUid = alert.dashboardUid ?? alert.annotations.__dashboardUid__ ?? '';
    const panelId = alert.panelId ?? (alert.annotations.__panelId__ ? Number(alert.annotations.__panelId__) : undefined);
    const dashboardUrl = dashboardUid ? `${base}/d/${encodeURIComponent(dashboardUid)}?orgId=${alert.orgId}` : '';
    return {
      Status: resolved ? 'resolved' : 'firing',
      Labels: new KV(labels),
      Annotations: new KV(publicLabels(alert.annotations)),
      StartsAt: goTime(alert.startsAt),
      EndsAt: resolved ? goTime(alert.endsAt) : GO_ZERO_TIME,
      GeneratorURL: alert.generatorURL,
      Fingerprint: alert.fingerprint,
      SilenceURL: silenceUrl(base, labels),
      DashboardURL: dashboardUrl,
      PanelURL: dashboardUrl && panelId !== undefined ? `${dashboardUrl}&viewPanel=${panelId}` : '',
      Values: new KV(Object.fromEntries(Object.entries(alert.values ?? {}).map(([k, v]) => [k, new GoFloat(v) as unknown as string]))),
      ValueString: alert.valueString ?? '',
      OrgID: alert.orgId,
    };
  });
  return {
    Receiver: options.receiver,
    Status: alerts.some((a) => a.Status === 'firing') ? 'firing' : 'resolved',
    Alerts: alertList(alerts),
    GroupLabels: new KV(publicLabels(options.groupLabels)),
    CommonLabels: new KV(common(alerts.map((a) => a.Labels.pairs))),
    CommonAnnotations: new KV(common(alerts.map((a) => a.Annotations.pairs))),
    // As configured (Grafana's root_url keeps its trailing slash); links above are built from `base`.
    ExternalURL: options.externalUrl,
    GroupKey: options.groupKey,
    TruncatedAlerts: options.truncatedAlerts ?? 0,
  };
}

/** Each alert as Grafana's webhook payload writes it (`ExtendedAlert`'s JSON). */
export function alertJson(alert: TemplateAlert) {
  return {
    status: alert.Status,
    labels: alert.Labels.pairs,
    annotations: alert.Annotations.pairs,
    startsAt: alert.StartsAt,
    endsAt: alert.EndsAt,
    generatorURL: alert.GeneratorURL,
    fingerprint: alert.Fingerprint,
    silenceURL: alert.SilenceURL,
    dashboardURL: alert.DashboardURL,
    panelURL: alert.PanelURL,
    values: Object.keys(alert.Values.pairs).length
      ? Object.fromEntries(Object.entries(alert.Values.pairs).map(([k, v]) => [k, (v as unknown as GoFloat).value]))
      : null,
    valueString: alert.ValueString,
  };
}
