/**
 * The tables of alerting's notifications half (migration 0014). The shared `Database` type does not
 * list them, so what changes here stays with the modules that read them.
 */
import type { Generated, Kysely } from 'kysely';
import type { Db } from './db';

export interface ContactPointTable {
  id: Generated<number>;
  org_id: number;
  uid: string;
  name: string;
  type: string;
  settings: string;
  secure_settings: string;
  disable_resolve_message: number;
  provenance: string;
  created: number;
  updated: number;
}
export interface PolicyTreeTable {
  org_id: number;
  tree: string;
  provenance: string;
  updated: number;
}
export interface NamedContentTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  content: string;
  provenance: string;
  updated: number;
}
export interface SilenceTable {
  silence_id: string;
  org_id: number;
  matchers: string;
  starts_at: number;
  ends_at: number;
  created_by: string;
  comment: string;
  updated: number;
}
export interface AlertInstanceTable {
  org_id: number;
  fingerprint: string;
  labels: string;
  annotations: string;
  starts_at: number;
  ends_at: number;
  updated: number;
  received: number;
  generator_url: string;
  extra: string;
}
export interface NotificationLogTable {
  org_id: number;
  group_key: string;
  receiver: string;
  version: number;
  first_seen: number;
  next_flush: number;
  last_sent: number | null;
  firing: string;
  resolved: string;
}

/** The tables of this module; the shared `Database` type does not list them, so merges stay local. */
export interface NotifyTables {
  alert_contact_point: ContactPointTable;
  alert_policy_tree: PolicyTreeTable;
  alert_mute_timing: NamedContentTable;
  alert_template: NamedContentTable;
  alert_silence: SilenceTable;
  alert_received: AlertInstanceTable;
  alert_notification_log: NotificationLogTable;
}

/** The connection (or transaction) as one that knows these tables. */
export function withNotifyTables(db: Db): Kysely<NotifyTables> {
  return db as unknown as Kysely<NotifyTables>;
}

export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
