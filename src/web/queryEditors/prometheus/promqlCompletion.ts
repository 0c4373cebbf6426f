import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { orNothing, functionCompletion, labelNameCompletion } from '../code/completionHelpers';
import { quoted, situationAt } from '../code/selectorContext';
import type { PrometheusLookups } from './prometheusLookups';
import { PROMQL_AGGREGATIONS, PROMQL_DURATIONS, PROMQL_FUNCTIONS, PROMQL_KEYWORDS } from './promqlFunctions';

const IDENTIFIER = /^[a-zA-Z_:][\w:]*$/;

const functionOptions: Completion[] = [
  ...PROMQL_AGGREGATIONS.map((f) => functionCompletion(f.name, f.signature, f.doc, 'keyword')),
  ...PROMQL_FUNCTIONS.map((f) => functionCompletion(f.name, f.signature, f.doc)),
  ...PROMQL_KEYWORDS.map((word) => ({ label: word, type: 'keyword', boost: -10 })),
];

/**
 * PromQL completion as Grafana's editor offers it: metric names (with their type and help),
 * functions and aggregations with signatures, label names and values inside `{}` (of the metric
 * being written), label names in `by (...)`, and durations inside `[...]`.
 */
export function promqlCompletion(lookups: PrometheusLookups): CompletionSource {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const situation = situationAt(context.state.doc.toString(), context.pos);
    if (!situation) return null;
    const typed = context.state.sliceDoc(situation.from, context.pos);
    switch (situation.kind) {
      case 'duration':
        return {
          from: situation.from,
          options: PROMQL_DURATIONS.map((d) => ({ label: d, type: 'constant', detail: 'duration' })),
          validFor: /^[\w$]*$/,
        };
      case 'labelName': {
        const names = await orNothing(lookups.labelNames(situation.metric));
        return {
          from: situation.from,
          options: names.filter((n) => n !== '__name__').map(labelNameCompletion),
          validFor: /^\w*$/,
        };
      }
      case 'groupingLabel': {
        const names = await orNothing(lookups.labelNames());
        return { from: situation.from, options: names.map((n) => ({ label: n, type: 'property' })), validFor: /^\w*$/ };
      }
      case 'labelValue': {
        const values = await orNothing(lookups.labelValues(situation.label, situation.metric));
        return {
          from: situation.from,
          options: values.map((v) => ({ label: v, apply: quoted(v), type: 'text' })),
          validFor: /^[^"]*$/,
        };
      }
      default: {
        if (typed === '' && !context.explicit) return null;
        const [names, help] = await Promise.all([orNothing(lookups.metricNames()), lookups.metricHelp()]);
        const metrics: Completion[] = names.map((name) => ({
          label: name,
          type: 'variable',
          detail: help[name]?.type,
          info: help[name]?.help,
        }));
        return { from: situation.from, options: [...functionOptions, ...metrics], validFor: IDENTIFIER };
      }
    }
  };
}
