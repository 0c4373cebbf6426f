/**
 * Alerting's migrations (issue 30): rules, their instances and evaluations, the scheduler's
 * instances, then notifications (contact points, the policy tree, mute timings, templates,
 * received alerts, the notification log, delivery status, the default contact point). Part of
 * `migrations.ts`'s one ordered list.
 */
import { Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumns, autoIncrementKey, belongsTo, createdAndUpdated, notNull, notNullDefault } from './migrationHelpers';
import { newUid } from './util';

export const alertingMigrations: Record<string, Migration> = {
  '0013_alert_rules': {
    async up(db: Kysely<unknown>) {
      // Grafana-managed alert rules (provisioning shape); `data`, `labels`, `annotations` and
      // `notification_settings` are JSON text. Titles are unique within a folder, as in Grafana.
      await db.schema
        .createTable('alert_rule')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('uid', 'text', notNull)
        .addColumn('folder_uid', 'text', notNull)
        .addColumn('rule_group', 'text', notNull)
        .addColumn('rule_group_idx', 'integer', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('condition', 'text', notNull)
        .addColumn('data', 'text', notNull)
        .addColumn('no_data_state', 'text', notNull)
        .addColumn('exec_err_state', 'text', notNull)
        .addColumn('for_ms', 'integer', notNull)
        .addColumn('keep_firing_for_ms', 'integer', notNull)
        .addColumn('labels', 'text', notNull)
        .addColumn('annotations', 'text', notNull)
        .addColumn('is_paused', 'integer', notNull)
        .addColumn('notification_settings', 'text')
        .addColumn('missing_series_evals_to_resolve', 'integer')
        .addColumn('provenance', 'text', notNull)
        .addColumn('version', 'integer', notNull)
        .addColumn('updated', 'integer', notNull)
        .execute();
      await db.schema.createIndex('alert_rule_org_uid').unique().on('alert_rule').columns(['org_id', 'uid']).execute();
      await db.schema
        .createIndex('alert_rule_org_folder_title')
        .unique()
        .on('alert_rule')
        .columns(['org_id', 'folder_uid', 'title'])
        .execute();
      await db.schema
        .createIndex('alert_rule_org_group')
        .on('alert_rule')
        .columns(['org_id', 'folder_uid', 'rule_group', 'rule_group_idx'])
        .execute();
      // A group's evaluation interval; the group exists while it has rules.
      await db.schema
        .createTable('alert_rule_group')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('folder_uid', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('interval_seconds', 'integer', notNull)
        .addPrimaryKeyConstraint('alert_rule_group_pk', ['org_id', 'folder_uid', 'name'])
        .execute();
      // One row per alert instance (rule + label set), so a restart or another instance carries on
      // where the last evaluation left off.
      await db.schema
        .createTable('alert_instance')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('rule_uid', 'text', notNull)
        .addColumn('fingerprint', 'text', notNull)
        .addColumn('labels', 'text', notNull)
        .addColumn('annotations', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('since', 'integer', notNull)
        .addColumn('started_at', 'integer', notNull)
        .addColumn('last_eval', 'integer', notNull)
        .addColumn('ends_at', 'integer', notNull)
        .addColumn('eval_values', 'text', notNull)
        .addColumn('last_sent', 'integer')
        .addColumn('resolved_at', 'integer')
        .addColumn('missing_evals', 'integer', notNull)
        .addColumn('last_error', 'text', notNull)
        .addPrimaryKeyConstraint('alert_instance_pk', ['org_id', 'rule_uid', 'fingerprint'])
        .execute();
      // The rule's last evaluation (health, error, duration), for the rule states API.
      await db.schema
        .createTable('alert_rule_evaluation')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('rule_uid', 'text', notNull)
        .addColumn('evaluated_at', 'integer', notNull)
        .addColumn('duration_ms', 'integer', notNull)
        .addColumn('health', 'text', notNull)
        .addColumn('last_error', 'text', notNull)
        .addPrimaryKeyConstraint('alert_rule_evaluation_pk', ['org_id', 'rule_uid'])
        .execute();
      // Live scheduler instances (one row each, refreshed every tick): rule groups are shared among them.
      await db.schema
        .createTable('alert_scheduler_instance')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('heartbeat', 'integer', notNull)
        .addColumn('started', 'integer', notNull)
        .execute();
      // Grafana's annotation historian: state changes are annotations naming the rule and states.
      await addColumns(db, 'annotation', [
        ['alert_id', 'integer', notNullDefault(0)],
        ['new_state', 'text', notNullDefault('')],
        ['prev_state', 'text', notNullDefault('')],
      ]);
    },
  },
  '0014_alert_notifications': {
    async up(db: Kysely<unknown>) {
      // Alerting's notifications half (issue 30). Contact point integrations: one row each; those
      // sharing a name make one contact point. Secret settings are sealed like data source secrets.
      await db.schema
        .createTable('alert_contact_point')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('uid', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('settings', 'text', notNull)
        .addColumn('secure_settings', 'text', notNull)
        .addColumn('disable_resolve_message', 'integer', notNullDefault(0))
        .addColumn('provenance', 'text', notNullDefault(''))
        .$call(createdAndUpdated)
        .addUniqueConstraint('alert_contact_point_org_uid', ['org_id', 'uid'])
        .execute();
      await db.schema.createIndex('alert_contact_point_org_name').on('alert_contact_point').columns(['org_id', 'name']).execute();
      // The notification policy tree: one JSON document per org; no row means the default tree.
      await db.schema
        .createTable('alert_policy_tree')
        .addColumn('org_id', 'integer', (c) => c.primaryKey().references('org.id').onDelete('cascade'))
        .addColumn('tree', 'text', notNull)
        .addColumn('provenance', 'text', notNullDefault(''))
        .addColumn('updated', 'integer', notNull)
        .execute();
      for (const table of ['alert_mute_timing', 'alert_template']) {
        await db.schema
          .createTable(table)
          .addColumn('id', 'integer', autoIncrementKey)
          .addColumn('org_id', 'integer', belongsTo('org.id'))
          .addColumn('name', 'text', notNull)
          .addColumn('content', 'text', notNull)
          .addColumn('provenance', 'text', notNullDefault(''))
          .addColumn('updated', 'integer', notNull)
          .addUniqueConstraint(`${table}_org_name`, ['org_id', 'name'])
          .execute();
      }
      // Silences are shared by every instance through this table; expiring one sets ends_at to now.
      await db.schema
        .createTable('alert_silence')
        .addColumn('silence_id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('matchers', 'text', notNull)
        .addColumn('starts_at', 'integer', notNull)
        .addColumn('ends_at', 'integer', notNull)
        .addColumn('created_by', 'text', notNull)
        .addColumn('comment', 'text', notNull)
        .addColumn('updated', 'integer', notNull)
        .execute();
      await db.schema.createIndex('alert_silence_org_ends').on('alert_silence').columns(['org_id', 'ends_at']).execute();
      // Alerts received from the rules half, one row per label set; read by the dispatcher of every
      // instance and by the Alertmanager v2 alerts API.
      await db.schema
        .createTable('alert_received')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('fingerprint', 'text', notNull)
        .addColumn('labels', 'text', notNull)
        .addColumn('annotations', 'text', notNull)
        .addColumn('starts_at', 'integer', notNull)
        .addColumn('ends_at', 'integer', notNull)
        .addColumn('updated', 'integer', notNull)
        // When this firing spell was first received: a new group's group_wait counts from it.
        .addColumn('received', 'integer', notNull)
        .addColumn('generator_url', 'text', notNull)
        .addColumn('extra', 'text', notNull)
        .addPrimaryKeyConstraint('alert_received_pk', ['org_id', 'fingerprint'])
        .execute();
      // Resolved alerts are forgotten by their end.
      await db.schema.createIndex('alert_received_ends').on('alert_received').column('ends_at').execute();
      // Notification log: per aggregation group (route + group labels), what was last notified and
      // when the group is next due. Instances claim a flush by bumping `version` conditionally, so a
      // group is notified once per interval however many instances run.
      await db.schema
        .createTable('alert_notification_log')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('group_key', 'text', notNull)
        .addColumn('receiver', 'text', notNull)
        .addColumn('version', 'integer', notNull)
        .addColumn('first_seen', 'integer', notNull)
        .addColumn('next_flush', 'integer', notNull)
        .addColumn('last_sent', 'integer')
        .addColumn('firing', 'text', notNull)
        .addColumn('resolved', 'text', notNull)
        .addPrimaryKeyConstraint('alert_notification_log_pk', ['org_id', 'group_key'])
        .execute();
    },
  },
  '0015_alert_delivery_status': {
    async up(db: Kysely<unknown>) {
      // Each contact point integration's last delivery attempt (Grafana's receiver status), shared
      // by every instance so the UI shows "last delivery failed" whichever instance sent it.
      await db.schema
        .createTable('alert_delivery_status')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('integration_uid', 'text', notNull)
        .addColumn('attempted_at', 'integer', notNull)
        .addColumn('duration_ms', 'integer', notNull)
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('alert_delivery_status_pk', ['org_id', 'integration_uid'])
        .execute();
    },
  },
  '0016_alert_default_contact_point': {
    async up(db: Kysely<unknown>) {
      // Grafana's default Alertmanager configuration: orgs without any contact point get the email
      // contact point the default policy routes to (new orgs get it when they are created).
      const now = Date.now();
      const orgs = await sql<{ id: number }>`select id from org where id not in (select org_id from alert_contact_point)`.execute(db);
      for (const org of orgs.rows) {
        await sql`insert into alert_contact_point (org_id, uid, name, type, settings, secure_settings, disable_resolve_message, provenance, created, updated)
          values (${Number(org.id)}, ${newUid()}, 'grafana-default-email', 'email', ${JSON.stringify({ addresses: '<example@email.com>' })}, '{}', 0, '', ${now}, ${now})`.execute(
          db,
        );
      }
    },
  },
};
