/**
 * Writes left out of `Connection.writes` (both stores), because no read cache is filled from what
 * they change. Every cache stamped with that count (tokens, sessions, orgs, data sources, each
 * annotation's JSON) is emptied by the next write it sees, so a write that runs on a timer must not
 * count: the alerting scheduler records its heartbeat every 2.5 s on every instance
 * (`AlertingStore.heartbeat`: an upsert and a delete of `alert_scheduler_instance` rows), and
 * counted, it emptied every cache every 2.5 s (each annotation's JSON was made again 24 times a
 * minute, most of what `GET /api/annotations` cost under load). A cache that comes to read
 * `alert_scheduler_instance` must take it out of here.
 */
const UNCOUNTED_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?alert_scheduler_instance"?[\s(]/i;

/** Whether `sql`, a statement that may change data, changes nothing any cache reads. */
export function leavesCachesAlone(sql: string): boolean {
  return UNCOUNTED_WRITE.test(sql);
}
