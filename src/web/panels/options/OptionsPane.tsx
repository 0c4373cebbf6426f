import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type JSX } from 'react';
import type { DataFrame } from '../../../contract/query';
import { jsonEqual } from '../../lib/jsonEqual';
import { panelOverrides, prepareFields } from '../fieldDisplay';
import { decodeFrames } from '../frames';
import type { Panel } from '../layout';
import { migrateToPlugin, panelPlugin } from '../registry';
import { OptionEditor } from './OptionEditor';
import { OptionsCategory } from './OptionsCategory';
import { OverridesEditor } from './OverridesEditor';
import { panelFrameOptions } from './panelOptions';
import { getPath, isObject, itemValue, setPath, storedValue, withDefaults } from './paths';
import { fieldOptionItems, STANDARD_OPTIONS } from './standardOptions';
import type { Json, OptionItem, PanelPlugin } from './types';

/** Where an option is stored: at the panel (panel options) or under `fieldConfig.defaults` (field options). */
interface Entry {
  item: OptionItem;
  scope: 'panel' | 'field';
}
interface Category {
  name: string;
  entries: Entry[];
}

/** Grafana lists these after the visualization's own categories, in this order. */
const FIELD_CATEGORIES = ['Standard options', 'Data links', 'Value mappings', 'Thresholds'];

function categoriesOf(plugin: PanelPlugin | undefined, variables: string[] | undefined): Category[] {
  const byName = new Map<string, Entry[]>();
  const add = (item: OptionItem, scope: Entry['scope']) =>
    byName.set(item.category, [...(byName.get(item.category) ?? []), { item, scope }]);
  for (const item of panelFrameOptions(variables)) add(item, 'panel');
  for (const item of plugin?.options ?? []) add(item, 'panel');
  const custom = (plugin?.fieldConfig?.custom ?? []).filter((item) => !item.overridesOnly);
  for (const item of custom.filter((i) => !FIELD_CATEGORIES.includes(i.category))) add(item, 'field');
  for (const name of FIELD_CATEGORIES) {
    for (const id of plugin?.fieldConfig?.standardOptions ?? [])
      if (STANDARD_OPTIONS[id].category === name) add(STANDARD_OPTIONS[id], 'field');
    for (const item of custom.filter((i) => i.category === name)) add(item, 'field');
  }
  return [...byName].map(([name, entries]) => ({ name, entries }));
}

/** The names overrides can match (`byName`): each field's name as the panel would show it without its own display name. */
function fieldNamesOf(frames: DataFrame[]): string[] {
  const prepared = prepareFields({ fieldConfig: { defaults: {}, overrides: [] } }, decodeFrames(frames));
  return [...new Set(prepared.flatMap((f) => f.fields.map((field) => field.displayName)))];
}

function refIdsOf(panel: Panel, frames: DataFrame[]): string[] {
  const fromTargets = (panel.targets ?? []).map((t) => t.refId).filter((r): r is string => typeof r === 'string');
  const fromFrames = frames.map((f) => (isObject(f) && typeof f.refId === 'string' ? f.refId : undefined)).filter((r): r is string => !!r);
  return [...new Set([...fromTargets, ...fromFrames])];
}

const matches = (item: OptionItem, query: string) => `${item.name} ${item.description ?? ''}`.toLowerCase().includes(query);

/**
 * The panel editor's options pane, generated from the visualization's plugin description as
 * Grafana's: search, "All / Overrides", then collapsible categories. Every change is the whole
 * next panel, written as Grafana's JSON; `coalesce` names the field being typed into, so that
 * typing is one undo step.
 */
export function OptionsPane(props: {
  panel: Panel;
  frames: DataFrame[];
  onChange(next: Panel, coalesce?: string): void;
  variables?: string[];
}): JSX.Element {
  const { frames, onChange, variables } = props;
  // The plugin of the panel as it is drawn: an old graph in "series" mode is a bar chart.
  const migrated = useMemo(() => migrateToPlugin(props.panel), [props.panel]);
  const plugin = panelPlugin(migrated.type);
  const panel = useMemo(() => (plugin ? withDefaults(plugin, migrated) : props.panel), [plugin, migrated, props.panel]);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'all' | 'overrides'>('all');
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const categories = useMemo(() => categoriesOf(plugin, variables), [plugin, variables]);
  const fieldNames = useMemo(() => fieldNamesOf(frames), [frames]);
  const query = search.trim().toLowerCase();

  const defaults = (getPath(panel, 'fieldConfig.defaults') ?? {}) as Json;
  const containerOf = (scope: Entry['scope']) => (scope === 'panel' ? panel : defaults);
  const scopeOf = (entry: Entry): Json => {
    if (entry.scope === 'field') return isObject(defaults.custom) ? defaults.custom : {};
    return entry.item.path.startsWith('options.') ? ((panel.options ?? {}) as Json) : panel;
  };
  // One stable change handler reading the latest panel, so that a keystroke in one option does not
  // draw the other fifty again (each row is a memo, see OptionRow).
  const latest = useRef({ panel, defaults, onChange });
  useLayoutEffect(() => {
    latest.current = { panel, defaults, onChange };
  });
  const change = useCallback((entry: Entry, value: unknown, typing?: boolean) => {
    const now = latest.current;
    const stored = storedValue(entry.item, entry.scope === 'panel' ? now.panel : now.defaults, value);
    const path = entry.scope === 'panel' ? entry.item.path : `fieldConfig.defaults.${entry.item.path}`;
    now.onChange(setPath(now.panel, path, stored), typing ? path : undefined);
  }, []);
  const toggle = (name: string) =>
    setClosed((now) => {
      const next = new Set(now);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const visible = categories
    .map((c) => ({
      ...c,
      entries: c.entries.filter((e) => (!e.item.showIf || e.item.showIf(scopeOf(e))) && (!query || matches(e.item, query))),
    }))
    .filter((c) => c.entries.length > 0);
  const overrides = plugin?.fieldConfig ? (
    <OverridesEditor
      overrides={panelOverrides(panel)}
      items={fieldOptionItems(plugin.fieldConfig)}
      fieldNames={fieldNames}
      refIds={refIdsOf(panel, frames)}
      onChange={(next, typing) => onChange(setPath(panel, 'fieldConfig.overrides', next), typing ? 'fieldConfig.overrides' : undefined)}
    />
  ) : null;

  return (
    <Stack gap="sm">
      <TextInput
        label="Search options"
        leftSection={<IconSearch size={14} aria-hidden />}
        size="xs"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {overrides && !query && (
        <SegmentedControl
          aria-label="Options to show"
          size="xs"
          data={[
            { value: 'all', label: 'All' },
            { value: 'overrides', label: 'Overrides' },
          ]}
          value={view}
          onChange={(v) => setView(v === 'overrides' ? 'overrides' : 'all')}
        />
      )}
      {!plugin && <Text size="sm">This panel type has no options to edit here; its JSON stays as it is.</Text>}
      <div>
        {(query || view === 'all') &&
          visible.map((category) => (
            <OptionsCategory
              key={category.name}
              title={category.name}
              open={!!query || !closed.has(category.name)}
              onToggle={() => toggle(category.name)}
            >
              {category.entries.map((entry) => (
                <OptionRow
                  key={`${entry.item.path}-${entry.item.settings?.key ?? ''}`}
                  entry={entry}
                  value={itemValue(entry.item, containerOf(entry.scope))}
                  fieldNames={fieldNames}
                  onChange={change}
                />
              ))}
            </OptionsCategory>
          ))}
        {query && visible.length === 0 && <Text size="sm">No options match “{search.trim()}”.</Text>}
        {overrides && !query && (
          <OptionsCategory title="Overrides" open={view === 'overrides' || !closed.has('Overrides')} onToggle={() => toggle('Overrides')}>
            {overrides}
          </OptionsCategory>
        )}
      </div>
    </Stack>
  );
}

interface OptionRowProps {
  entry: Entry;
  value: unknown;
  fieldNames: string[];
  onChange(entry: Entry, value: unknown, typing?: boolean): void;
}

/**
 * One option's editor, drawn again only when its value changes. Values that are objects (thresholds,
 * colours) are rebuilt with the plugin's defaults at every change of the panel, so they compare by content.
 */
const OptionRow = memo(
  function OptionRow({ entry, value, fieldNames, onChange }: OptionRowProps) {
    const onValue = useCallback((next: unknown, typing?: boolean) => onChange(entry, next, typing), [onChange, entry]);
    return <OptionEditor item={entry.item} value={value} fieldNames={fieldNames} onChange={onValue} />;
  },
  (before, after) =>
    before.entry === after.entry &&
    before.fieldNames === after.fieldNames &&
    before.onChange === after.onChange &&
    jsonEqual(before.value, after.value),
);
