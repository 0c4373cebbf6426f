import type { CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { LanguageSupport, LRLanguage } from '@codemirror/language';
import { linter } from '@codemirror/lint';
import { parser } from '@grafana/lezer-logql';
import { styleTags, tags } from '@lezer/highlight';
import { functionCompletion, labelNameCompletion, orNothing } from '../code/completionHelpers';
import { ResourceCache } from '../code/resourceCache';
import { quoted, situationAt } from '../code/selectorContext';
import { problemsAsDiagnostics, syntaxProblems } from '../code/syntaxProblems';

/** LogQL's grammar (Grafana's), with highlighting tags of our own: the package ships none. */
export const logqlLanguage = LRLanguage.define({
  name: 'logql',
  parser: parser.configure({
    props: [
      styleTags({
        'Json Logfmt Unpack Pattern Regexp Unwrap LabelFormat LineFormat Decolorize Drop Keep Ip': tags.keyword,
        'By Without Bool On Ignoring GroupLeft GroupRight Offset And Or Unless': tags.keyword,
        'Sum Avg Count Max Min Stddev Stdvar Bottomk Topk Sort LabelReplace Vector': tags.function(tags.variableName),
        'CountOverTime Rate RateCounter BytesOverTime BytesRate AvgOverTime SumOverTime MinOverTime MaxOverTime': tags.function(
          tags.variableName,
        ),
        'StddevOverTime StdvarOverTime QuantileOverTime FirstOverTime LastOverTime AbsentOverTime': tags.function(tags.variableName),
        'BytesConv DurationConv DurationSecondsConv': tags.function(tags.variableName),
        String: tags.string,
        'Number Duration Bytes': tags.number,
        Identifier: tags.labelName,
        LineComment: tags.lineComment,
        'Eq Neq Re Nre PipeExact PipeMatch PipePattern Npa Pipe Gtr Gte Lss Lte Eql Add Sub Mul Div Mod Pow': tags.operator,
        '( )': tags.paren,
        '{ }': tags.brace,
        '[ ]': tags.squareBracket,
      }),
    ],
  }),
  languageData: { closeBrackets: { brackets: ['(', '[', '{', '"', '`'] }, commentTokens: { line: '#' } },
});

export const logqlProblems = (text: string) => syntaxProblems(parser, text);

const RANGE_FUNCTIONS: Array<[string, string]> = [
  ['count_over_time', 'The count of entries for each log stream in the range.'],
  ['rate', 'The number of entries per second.'],
  ['bytes_over_time', 'The amount of bytes used by each log stream in the range.'],
  ['bytes_rate', 'The number of bytes per second for each stream.'],
  ['absent_over_time', 'A 1-element vector with value 1 if the range has no entries.'],
  ['avg_over_time', 'The average of an unwrapped label’s values in the range.'],
  ['sum_over_time', 'The sum of an unwrapped label’s values in the range.'],
  ['min_over_time', 'The minimum of an unwrapped label’s values in the range.'],
  ['max_over_time', 'The maximum of an unwrapped label’s values in the range.'],
  ['first_over_time', 'The first value of an unwrapped label in the range.'],
  ['last_over_time', 'The last value of an unwrapped label in the range.'],
  ['quantile_over_time', 'The φ-quantile of an unwrapped label’s values in the range.'],
  ['stddev_over_time', 'The standard deviation of an unwrapped label’s values.'],
  ['stdvar_over_time', 'The standard variance of an unwrapped label’s values.'],
];
const AGGREGATIONS = ['sum', 'avg', 'min', 'max', 'count', 'stddev', 'stdvar', 'topk', 'bottomk', 'sort', 'sort_desc'];
const PIPELINE_STAGES: Array<[string, string]> = [
  ['json', 'Extracts every JSON property as a label.'],
  ['logfmt', 'Extracts every logfmt key as a label.'],
  ['pattern', 'Extracts labels with a pattern, e.g. pattern "<ip> - <_> <status>".'],
  ['regexp', 'Extracts labels with named groups of a regular expression.'],
  ['unpack', 'Unpacks a JSON log line packed by Promtail’s pack stage.'],
  ['line_format', 'Rewrites the log line with a template.'],
  ['label_format', 'Renames or rewrites labels.'],
  ['drop', 'Drops labels.'],
  ['keep', 'Keeps only the given labels.'],
  ['decolorize', 'Strips ANSI colour codes.'],
  ['unwrap', 'Uses a label’s value as the sample value of a metric query.'],
];

const expressionOptions = [
  ...RANGE_FUNCTIONS.map(([name, doc]) => functionCompletion(name, `${name}(log-range)`, doc)),
  ...AGGREGATIONS.map((name) => functionCompletion(name, `${name} [by|without (label, …)] (v)`, 'Aggregates over dimensions.', 'keyword')),
];

/** LogQL completion: stream labels and their values inside `{}`, pipeline stages after `|`, functions, and ranges. */
export function logqlCompletion(uid: string): CompletionSource {
  const cache = new ResourceCache(uid);
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const situation = situationAt(context.state.doc.toString(), context.pos);
    if (!situation) return null;
    const typed = context.state.sliceDoc(situation.from, context.pos);
    switch (situation.kind) {
      case 'labelName':
      case 'groupingLabel': {
        const names = await orNothing(cache.strings('labels'));
        const options =
          situation.kind === 'labelName' ? names.map(labelNameCompletion) : names.map((n) => ({ label: n, type: 'property' }));
        return { from: situation.from, options, validFor: /^\w*$/ };
      }
      case 'labelValue': {
        const values = await orNothing(cache.strings(`label/${encodeURIComponent(situation.label)}/values`));
        return { from: situation.from, options: values.map((v) => ({ label: v, apply: quoted(v), type: 'text' })), validFor: /^[^"]*$/ };
      }
      case 'duration':
        return {
          from: situation.from,
          options: ['$__auto', '$__interval', '1m', '5m', '10m', '1h'].map((d) => ({ label: d, type: 'constant', detail: 'duration' })),
          validFor: /^[\w$]*$/,
        };
      case 'pipeline':
        return {
          from: situation.from,
          options: PIPELINE_STAGES.map(([label, info]) => ({ label, info, type: 'keyword' })),
          validFor: /^\w*$/,
        };
      default:
        if (typed === '' && !context.explicit) return null;
        return { from: situation.from, options: expressionOptions, validFor: /^\w*$/ };
    }
  };
}

export const logql = (uid: string) =>
  new LanguageSupport(logqlLanguage, [
    logqlLanguage.data.of({ autocomplete: logqlCompletion(uid) }),
    linter((view) => problemsAsDiagnostics(logqlProblems(view.state.doc.toString()), view.state.doc.length), { delay: 300 }),
  ]);
