/**
 * Tables whose writes are left out of `Connection.writes` (both stores), because no read cache is
 * filled from them. Every cache stamped with that count (tokens and sessions: `api_key`,
 * `user_session`, `user`, `org_user`; orgs: `org`; data sources: `data_source`; each annotation's
 * JSON and the length classes: `annotation`, `annotation_span_class`, `user`, `dashboard`) is
 * emptied by the next write it sees, so writes that run on a timer, or at every rule evaluation,
 * without a person acting, emptied them all every few seconds on every instance.
 *
 * This list is the one place that says so. A cache that comes to read one of these tables (an
 * alert rule state cache for the rule list, say) must take it out of here, or it serves answers
 * that an evaluation has made stale. A table here must also have no trigger or cascade that writes
 * a table a cache reads (these only belong to `org`). Its rows are never announced to other
 * PostgreSQL instances either (no NOTIFY trigger, migrations 0007, 0012, 0018).
 */
export const UNCOUNTED_TABLES = [
  // The scheduler's heartbeat, every 2.5 s on every instance (`AlertingStore.heartbeat`, `leave`).
  'alert_scheduler_instance',
  // Each rule's state and last evaluation, at every evaluation (`AlertingStore.saveEvaluation`).
  'alert_instance',
  'alert_rule_evaluation',
  // The alerts the rules half hands to the notifier (each evaluation that sends, and the notifier's
  // cleanup once a minute), and the notifier's per-group log, written at its ticks
  // (`AlertDispatchStore`).
  'alert_received',
  'alert_notification_log',
  // Each delivery attempt to a contact point (`AlertingDeliveryStore.record`).
  'alert_delivery_status',
  // Each failed sign-in (many a second while someone guesses passwords) and their pruning.
  'login_attempt',
] as const;

/** An insert, update or delete whose target is one of `UNCOUNTED_TABLES` (as Kysely writes it, quoted or not). */
const UNCOUNTED_WRITE = new RegExp(`^\\s*(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${UNCOUNTED_TABLES.join('|')})"?[\\s(]`, 'i');

/** Whether `sql`, a statement that may change data, changes nothing any cache reads. */
export function leavesCachesAlone(sql: string): boolean {
  return UNCOUNTED_WRITE.test(sql);
}
