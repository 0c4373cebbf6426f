/**
 * The hand-off between the rules half of alerting (scheduler, evaluator, state manager) and the
 * notifications half (routing, grouping, silences, contact points).
 *
 * The state manager sends every firing alert after each evaluation (with `endsAt` four intervals
 * ahead, as Grafana does, so an alert that stops being re-sent resolves by itself) and each
 * resolved alert once (with `endsAt` = now). The shape is Alertmanager v2's `PostableAlert` plus
 * the fields Grafana's own notifier carries beside it.
 */
export interface PostableAlert {
  /** Instance labels: the series' labels, the rule's labels, `alertname`, `grafana_folder`, `__alert_rule_uid__`. */
  labels: Record<string, string>;
  /** Templated annotations (`summary`, `description`, `__dashboardUid__`, `__panelId__`, ...). */
  annotations: Record<string, string>;
  /** RFC 3339: when the instance started firing. */
  startsAt: string;
  /** RFC 3339: now + 4 × interval while firing; now when resolved. */
  endsAt: string;
  /** Link to the rule (`/alerting/grafana/{uid}/view`). */
  generatorURL: string;
  /** The numbers the condition saw, by refId (Grafana's `values` in the webhook payload). */
  values?: Record<string, number>;
  /** Grafana's `valueString`: `[ var='B' labels={host=a} value=7 ]`. */
  valueString?: string;
  dashboardUid?: string;
  panelId?: number;
  orgId: number;
}

/** Where the state manager delivers alerts. The app wires the notifier here when present. */
export interface AlertSink {
  send(alerts: PostableAlert[]): Promise<void>;
}

/** The default sink: alerts go nowhere (state, history and the rule states API still work). */
export const noopAlertSink: AlertSink = {
  async send() {},
};
