/**
 * Library panels' migration (Grafana's `library_element` and `library_element_connection`). Part of
 * `migrations.ts`'s one ordered list; the name keeps it in order.
 */
import { Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey, belongsTo, createdAndUpdated, notNull, notNullDefault } from './migrationHelpers';

export const libraryMigrations: Record<string, Migration> = {
  '0020_library_elements': {
    // An element lives in a folder (null: General) and goes with its org. Deleting a folder is
    // refused while one of its elements is connected (routes/folders.ts, as Grafana); otherwise its
    // elements go with it. A connection goes with its element and with its dashboard.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('library_element')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('folder_id', 'integer', (c) => c.references('dashboard.id').onDelete('cascade'))
        .addColumn('uid', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('kind', 'integer', notNull)
        .addColumn('type', 'text', notNullDefault(''))
        .addColumn('description', 'text', notNullDefault(''))
        .addColumn('model', 'text', notNull)
        .addColumn('version', 'integer', notNull)
        .$call(createdAndUpdated)
        .addColumn('created_by', 'integer')
        .addColumn('updated_by', 'integer')
        .execute();
      // Grafana's unique keys: the uid in an org, and the name of a kind in a folder.
      await db.schema.createIndex('library_element_org_uid').on('library_element').columns(['org_id', 'uid']).unique().execute();
      await sql`create unique index library_element_org_folder_name_kind on library_element (org_id, coalesce(folder_id, 0), name, kind)`.execute(
        db,
      );
      await db.schema.createIndex('library_element_folder').on('library_element').column('folder_id').execute();
      await db.schema
        .createTable('library_element_connection')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('element_id', 'integer', belongsTo('library_element.id'))
        .addColumn('kind', 'integer', notNull)
        .addColumn('connection_id', 'integer', belongsTo('dashboard.id'))
        .addColumn('created', 'integer', notNull)
        .addColumn('created_by', 'integer')
        .execute();
      await db.schema
        .createIndex('library_element_connection_element_kind_connection')
        .on('library_element_connection')
        .columns(['element_id', 'kind', 'connection_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('library_element_connection_connection')
        .on('library_element_connection')
        .column('connection_id')
        .execute();
    },
  },
};
