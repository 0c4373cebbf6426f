/** The state machine with a fake clock: one evaluation result after another, no store, no sleeps. */
import { describe, expect, it } from 'vitest';
import type { StoredAlertInstance, StoredAlertRule } from '../store/alerting';
import type { EvalResult } from './evaluator';
import { applyResults, type RuleContext } from './state';

const MINUTE = 60_000;

function ruleWith(overrides: Partial<StoredAlertRule> = {}): StoredAlertRule {
  return {
    id: 1,
    orgId: 1,
    uid: 'rule-1',
    folderUid: 'f',
    group: 'g',
    groupIndex: 1,
    title: 'High load',
    condition: 'C',
    data: [],
    noDataState: 'NoData',
    execErrState: 'Error',
    forMs: 0,
    keepFiringForMs: 0,
    labels: { team: 'ops', host: '{{ $labels.host }}' },
    annotations: { summary: '{{ $labels.host }} at {{ $values.B }}' },
    isPaused: false,
    notificationSettings: null,
    missingSeriesEvalsToResolve: null,
    provenance: 'api',
    version: 1,
    updated: 0,
    ...overrides,
  };
}

const alerting = (host: string, value = 9): EvalResult => ({
  state: 'Alerting',
  labels: { host },
  values: { B: { value, labels: { host } } },
  valueString: `[ var='B' labels={host=${host}} value=${value} ]`,
});
const normal = (host: string): EvalResult => ({
  state: 'Normal',
  labels: { host },
  values: { B: { value: 1, labels: { host } } },
  valueString: '',
});
const noData: EvalResult = { state: 'NoData', labels: {}, values: {}, valueString: '' };
const error: EvalResult = { state: 'Error', labels: {}, values: {}, valueString: '', error: 'boom', datasourceUid: 'prom' };

/** Runs evaluations one minute apart; answers each step's states by host and what was sent. */
function run(rule: StoredAlertRule, steps: EvalResult[][]) {
  const context: RuleContext = { rule, folderTitle: 'Ops', intervalMs: MINUTE };
  let instances: StoredAlertInstance[] = [];
  return steps.map((results, i) => {
    const update = applyResults(context, instances, results, i * MINUTE);
    instances = update.instances;
    return {
      states: Object.fromEntries(instances.map((instance) => [instance.labels.host ?? instance.labels.alertname, instance.state])),
      sent: update.toSend.map((instance) => `${instance.labels.host ?? instance.labels.alertname}:${instance.state}`),
      transitions: update.transitions.map((t) => `${t.previous}->${t.instance.state}`),
      instances,
    };
  });
}

describe('alert instance states', () => {
  it('goes Normal → Pending → Alerting after `for`, then resolves', () => {
    const out = run(ruleWith({ forMs: 2 * MINUTE }), [[normal('a')], [alerting('a')], [alerting('a')], [alerting('a')], [normal('a')]]);
    expect(out.map((o) => o.states.a)).toEqual(['Normal', 'Pending', 'Pending', 'Alerting', 'Normal']);
    expect(out.map((o) => o.sent)).toEqual([[], [], [], ['a:Alerting'], ['a:Normal']]);
    expect(out[3]!.transitions).toEqual(['Pending->Alerting']);
    const firing = out[3]!.instances[0]!;
    expect(firing.labels).toMatchObject({
      alertname: 'High load',
      grafana_folder: 'Ops',
      team: 'ops',
      host: 'a',
      __alert_rule_uid__: 'rule-1',
    });
    expect(firing.annotations.summary).toBe('a at 9');
    // Firing alerts end four intervals ahead unless re-sent; resolved ones end now.
    expect(firing.endsAt).toBe(3 * MINUTE + 4 * MINUTE);
    expect(out[4]!.instances[0]!.endsAt).toBe(4 * MINUTE);
  });

  it('keeps firing while Recovering and returns straight to Alerting on a breach', () => {
    const out = run(ruleWith({ keepFiringForMs: 2 * MINUTE }), [
      [alerting('a')],
      [normal('a')],
      [alerting('a')],
      [normal('a')],
      [normal('a')],
      [normal('a')],
    ]);
    expect(out.map((o) => o.states.a)).toEqual(['Alerting', 'Recovering', 'Alerting', 'Recovering', 'Recovering', 'Normal']);
    expect(out[1]!.sent).toEqual(['a:Recovering']);
    expect(out[5]!.sent).toEqual(['a:Normal']);
  });

  it('gives each series its own instance and resolves a missing one after two evaluations', () => {
    const out = run(ruleWith(), [[alerting('a'), alerting('b')], [alerting('a')], [alerting('a')]]);
    expect(out[0]!.states).toEqual({ a: 'Alerting', b: 'Alerting' });
    expect(out[1]!.states).toEqual({ a: 'Alerting', b: 'Alerting' });
    expect(out[2]!.states).toEqual({ a: 'Alerting' });
    expect(out[2]!.sent).toEqual(['a:Alerting', 'b:Normal']);
  });

  it('honours missingSeriesEvalsToResolve', () => {
    const out = run(ruleWith({ missingSeriesEvalsToResolve: 1 }), [[alerting('a'), alerting('b')], [alerting('a')]]);
    expect(out[1]!.states).toEqual({ a: 'Alerting' });
  });

  it('turns NoData and Error into alerts of their own by default', () => {
    const out = run(ruleWith({ labels: { team: 'ops' } }), [[noData], [error], [normal('a')]]);
    expect(out[0]!.instances[0]).toMatchObject({ state: 'NoData', labels: { alertname: 'DatasourceNoData' } });
    expect(out[1]!.instances[0]).toMatchObject({ state: 'Error', labels: { alertname: 'DatasourceError', datasource_uid: 'prom' } });
    expect(out[1]!.instances[0]!.annotations.Error).toBe('boom');
    expect(out[1]!.sent).toEqual(['DatasourceError:Error']);
  });

  it('applies noDataState Alerting / OK / KeepLast and execErrState to the existing instances', () => {
    const alertingOnNoData = run(ruleWith({ noDataState: 'Alerting', forMs: MINUTE }), [[normal('a')], [noData], [noData]]);
    expect(alertingOnNoData.map((o) => o.states.a)).toEqual(['Normal', 'Pending', 'Alerting']);
    expect(alertingOnNoData[2]!.instances[0]!.reason).toBe('NoData');

    const okOnNoData = run(ruleWith({ noDataState: 'OK' }), [[alerting('a')], [noData]]);
    expect(okOnNoData[1]!.states.a).toBe('Normal');

    const keepLast = run(ruleWith({ execErrState: 'KeepLast' }), [[alerting('a')], [error], [error]]);
    expect(keepLast.map((o) => o.states.a)).toEqual(['Alerting', 'Alerting', 'Alerting']);
    expect(keepLast[1]!.instances[0]!.reason).toBe('Error, KeepLast');

    const alertingOnError = run(ruleWith({ execErrState: 'Alerting' }), [[error]]);
    expect(alertingOnError[0]!.instances[0]).toMatchObject({ state: 'Alerting', reason: 'Error' });
  });

  it('does not notify a Pending instance that goes back to Normal', () => {
    const out = run(ruleWith({ forMs: 5 * MINUTE }), [[alerting('a')], [normal('a')]]);
    expect(out.map((o) => o.sent)).toEqual([[], []]);
    expect(out[1]!.transitions).toEqual(['Pending->Normal']);
  });
});
