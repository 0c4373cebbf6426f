import type { VariableModel } from './types';
import { referencedVariables } from './interpolation';
import { variableQueryText } from './variables';

/** The variables a model's query, regex and data source reference, among the dashboard's own. */
export function variableDependencies(model: VariableModel, known: ReadonlySet<string>): string[] {
  const datasource = typeof model.datasource === 'string' ? model.datasource : JSON.stringify(model.datasource ?? null);
  const texts = [variableQueryText(model), model.regex ?? '', datasource];
  const uses = new Set(texts.flatMap((text) => referencedVariables(text)));
  return [...uses].filter((name) => name !== model.name && known.has(name));
}

export interface ResolutionOrder {
  /** Every named model, each after the variables it uses (dashboard order where nothing decides). */
  order: VariableModel[];
  /** Variables that use themselves, directly or through others, each with the chain that shows it. */
  cycles: Map<string, string[]>;
}

/**
 * The order to resolve variables in, as Grafana does: a variable may use one defined below it,
 * so each is resolved after the ones its query, regex or data source name. A variable in a cycle
 * (`a` uses `b`, `b` uses `a`) cannot be resolved; it is reported with the chain.
 */
export function resolutionOrder(models: readonly VariableModel[]): ResolutionOrder {
  const named = models.filter((model) => model && typeof model.name === 'string' && model.name !== '');
  const byName = new Map(named.map((model) => [model.name, model]));
  const known = new Set(byName.keys());
  const order: VariableModel[] = [];
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const visiting: string[] = [];

  const visit = (model: VariableModel): void => {
    if (done.has(model.name)) return;
    const at = visiting.indexOf(model.name);
    if (at >= 0) {
      const chain = [...visiting.slice(at), model.name];
      for (const name of chain) if (!cycles.has(name)) cycles.set(name, chain);
      return;
    }
    visiting.push(model.name);
    for (const name of variableDependencies(model, known)) visit(byName.get(name)!);
    visiting.pop();
    done.add(model.name);
    order.push(model);
  };
  for (const model of named) visit(model);
  return { order, cycles };
}
