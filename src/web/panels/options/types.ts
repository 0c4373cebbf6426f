import type { ComponentType } from 'react';
import type { Panel } from '../layout';
import type { PanelProps } from '../types';

/**
 * A panel type described as a plugin, after Grafana's `PanelPlugin`: what it is called, how its
 * renderer loads, which options it has (`setPanelOptions`), which field options apply
 * (`useFieldConfig`), what a fresh panel of it holds, and how old JSON becomes today's.
 */

export type Json = Record<string, unknown>;

/** A value an option can take: what Grafana stores (strings, numbers, booleans, and `null`). */
export type OptionValue = string | number | boolean | null;

export interface OptionChoice {
  value: OptionValue;
  label: string;
  description?: string;
}

/** How an option is edited; every kind has one editor in `OptionEditor.tsx`. */
export type EditorKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'radio'
  | 'select'
  | 'multiselect'
  | 'slider'
  | 'color'
  | 'unit'
  /** One calculation, stored as a one-element array (`reduceOptions.calcs`). */
  | 'reducer'
  /** Several calculations (legend values). */
  | 'reducers'
  /** A field of the panel's data, by name (or a regex such as Grafana's "All fields" `/.*\/`). */
  | 'fieldName'
  | 'stringArray'
  /** `color: {mode, fixedColor, seriesBy}` */
  | 'fieldColor'
  | 'thresholds'
  | 'mappings'
  | 'links';

export interface EditorSettings {
  choices?: OptionChoice[];
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  placeholder?: string;
  /** Choices a `fieldName` editor offers before the data's field names. */
  fieldChoices?: OptionChoice[];
  /**
   * The option is one key of an object stored at `path` (Grafana's `stacking: {mode, group}`,
   * `scaleDistribution: {type, log}`): the editor edits `value[key]` and writes the object back,
   * starting from `base` when there is none yet.
   */
  key?: string;
  base?: Json;
  /** The whole object a choice stands for (`lineStyle` dash → `{fill: 'dash', dash: [10, 10]}`). */
  objectFor?: Record<string, Json>;
}

export interface OptionItem {
  /**
   * Where the value lives. Panel options: from the panel (`title`, `options.legend.displayMode`).
   * Field options: from a field config (`unit`, `custom.drawStyle`) — under
   * `fieldConfig.defaults`, or as an override property's `id`.
   */
  path: string;
  name: string;
  description?: string;
  /** The category it is listed under (Grafana's `category: ['Legend']`). */
  category: string;
  editor: EditorKind;
  settings?: EditorSettings;
  defaultValue?: unknown;
  /** Shown only when this says so, given the options (panel options) or the field config (field options). */
  showIf?(config: Json): boolean;
  /** Only offered as an override property (Grafana's `hideFromDefaults`). */
  overridesOnly?: boolean;
  /** The override property's name when several items edit one object (`custom.hideFrom` → "Hide in area"). */
  propertyName?: string;
}

/** Grafana's standard field options, by their override ids. */
export type StandardOptionId =
  'unit' | 'min' | 'max' | 'decimals' | 'displayName' | 'color' | 'noValue' | 'links' | 'mappings' | 'thresholds';

export interface FieldConfigDescription {
  /** The standard options this panel uses, in Grafana's order. */
  standardOptions: StandardOptionId[];
  /** Defaults of standard options (`color: {mode: 'palette-classic'}`). */
  standardDefaults?: Json;
  /** The panel's own field options, at `custom.*`. */
  custom: OptionItem[];
}

export type RendererModule = Promise<{ default: ComponentType<PanelProps> }>;

export interface PanelPluginMeta {
  type: string;
  name: string;
  /** One line for the visualization picker. */
  description: string;
}

export interface PanelPlugin extends PanelPluginMeta {
  /** Old types that become this one (`graph` → `timeseries`). */
  aliases?: string[];
  /** Each renderer is its own chunk, loaded with the first panel that needs it. */
  loadRenderer(): RendererModule;
  /** Draws what it fetches itself, not what queries answered: never "No data" up front. */
  withoutQueries?: boolean;
  /** The panel's own options, in the order Grafana lists them. */
  options: OptionItem[];
  /** Absent for panels without field options (text, logs, dashboard list, annotation list). */
  fieldConfig?: FieldConfigDescription;
  /** JSON of the panel as saved, old types included, made today's. */
  migrate?(panel: Panel): Panel;
}
