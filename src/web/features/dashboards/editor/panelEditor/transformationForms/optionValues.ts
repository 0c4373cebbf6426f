import { REDUCER_NAMES } from '../../../../../panels/reducers';

/** A transformation's options, in Grafana's JSON shape. */
export type Options = Record<string, unknown>;

/** What each transformation's form is given. */
export interface OptionsFormProps {
  /** The transformation's id (Join by field's form serves its old id `seriesToColumns` too). */
  id: string;
  options: Options;
  /** The names of the fields in the panel's data, for the pickers. */
  fields: string[];
  /** The names of the labels the data's fields carry, for the label pickers. */
  labels?: string[];
  /** Merges `patch` into the options; `field` names what changed, so typing is one undo step. */
  set(patch: Options, field?: string): void;
}

// The options are JSON a person may have edited by hand: each is read as what the form shows, or empty.
export const obj = (v: unknown): Options => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Options) : {});
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
export const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The calculations a reducing transformation offers, by Grafana's names. */
export const REDUCERS = Object.entries(REDUCER_NAMES).map(([value, label]) => ({ value, label }));
