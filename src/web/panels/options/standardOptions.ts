import { DEFAULT_THRESHOLDS } from '../fieldDisplay';
import type { FieldConfigDescription, Json, OptionItem, StandardOptionId } from './types';

/**
 * Grafana's standard field options (`FieldConfigProperty`), each with its override id, editor and
 * category. A plugin picks which apply; their order here is the order Grafana lists them.
 */
export const STANDARD_OPTIONS: Record<StandardOptionId, OptionItem> = {
  unit: { path: 'unit', name: 'Unit', category: 'Standard options', editor: 'unit' },
  min: {
    path: 'min',
    name: 'Min',
    description: 'Leave empty to calculate based on all values',
    category: 'Standard options',
    editor: 'number',
    settings: { placeholder: 'auto' },
  },
  max: {
    path: 'max',
    name: 'Max',
    description: 'Leave empty to calculate based on all values',
    category: 'Standard options',
    editor: 'number',
    settings: { placeholder: 'auto' },
  },
  decimals: {
    path: 'decimals',
    name: 'Decimals',
    category: 'Standard options',
    editor: 'number',
    settings: { placeholder: 'auto', min: 0, max: 15, integer: true },
  },
  displayName: {
    path: 'displayName',
    name: 'Display name',
    description: 'Change the field or series name',
    category: 'Standard options',
    editor: 'text',
    settings: { placeholder: 'none' },
  },
  color: { path: 'color', name: 'Color scheme', category: 'Standard options', editor: 'fieldColor' },
  noValue: {
    path: 'noValue',
    name: 'No value',
    description: 'What to show when there is no value',
    category: 'Standard options',
    editor: 'text',
    settings: { placeholder: '-' },
  },
  links: { path: 'links', name: 'Data links', category: 'Data links', editor: 'links' },
  mappings: {
    path: 'mappings',
    name: 'Value mappings',
    description: 'Modify the display text based on input value',
    category: 'Value mappings',
    editor: 'mappings',
    defaultValue: [],
  },
  thresholds: { path: 'thresholds', name: 'Thresholds', category: 'Thresholds', editor: 'thresholds', defaultValue: DEFAULT_THRESHOLDS },
};

/** Every standard option, in Grafana's order. */
export const ALL_STANDARD: StandardOptionId[] = [
  'unit',
  'min',
  'max',
  'decimals',
  'displayName',
  'color',
  'noValue',
  'links',
  'mappings',
  'thresholds',
];

/** A plugin's field config: all standard options but those it leaves out, as `disableStandardOptions`. */
export function fieldConfigWith(
  custom: OptionItem[],
  options: { without?: StandardOptionId[]; defaults?: Json } = {},
): FieldConfigDescription {
  return {
    standardOptions: ALL_STANDARD.filter((id) => !options.without?.includes(id)),
    standardDefaults: options.defaults,
    custom,
  };
}

/** The field options a plugin has, standard first, then its own, as the override property picker lists them. */
export function fieldOptionItems(fieldConfig: FieldConfigDescription | undefined): OptionItem[] {
  if (!fieldConfig) return [];
  return [...fieldConfig.standardOptions.map((id) => STANDARD_OPTIONS[id]), ...fieldConfig.custom];
}

export const COLOR_MODES: Array<{ value: string; label: string; description?: string }> = [
  { value: 'fixed', label: 'Single color' },
  { value: 'shades', label: 'Shades of a color' },
  { value: 'thresholds', label: 'From thresholds (by value)' },
  { value: 'palette-classic', label: 'Classic palette' },
  { value: 'palette-classic-by-name', label: 'Classic palette (by series name)' },
  { value: 'continuous-GrYlRd', label: 'Green-Yellow-Red (by value)' },
  { value: 'continuous-RdYlGr', label: 'Red-Yellow-Green (by value)' },
  { value: 'continuous-BlYlRd', label: 'Blue-Yellow-Red (by value)' },
  { value: 'continuous-YlRd', label: 'Yellow-Red (by value)' },
  { value: 'continuous-BlPu', label: 'Blue-Purple (by value)' },
  { value: 'continuous-YlBl', label: 'Yellow-Blue (by value)' },
  { value: 'continuous-blues', label: 'Blues (by value)' },
  { value: 'continuous-reds', label: 'Reds (by value)' },
  { value: 'continuous-greens', label: 'Greens (by value)' },
  { value: 'continuous-purples', label: 'Purples (by value)' },
  { value: 'continuous-viridis', label: 'Viridis (by value)' },
  { value: 'continuous-magma', label: 'Magma (by value)' },
  { value: 'continuous-plasma', label: 'Plasma (by value)' },
  { value: 'continuous-inferno', label: 'Inferno (by value)' },
  { value: 'continuous-cividis', label: 'Cividis (by value)' },
];
