import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrgRole } from '../../contract/common';

/** Epoch milliseconds; every timestamp in the store is one. */
type Millis = number;

export interface OrgTable {
  id: Generated<number>;
  name: string;
  address1: ColumnType<string, string | undefined, string>;
  address2: ColumnType<string, string | undefined, string>;
  city: ColumnType<string, string | undefined, string>;
  zip_code: ColumnType<string, string | undefined, string>;
  state: ColumnType<string, string | undefined, string>;
  country: ColumnType<string, string | undefined, string>;
  created: Millis;
  updated: Millis;
}

/** People and service accounts share one table (as in Grafana), so their ids never collide. */
export interface UserTable {
  id: Generated<number>;
  uid: string;
  /** The org a service account belongs to; a person's home org. */
  org_id: number;
  login: string;
  email: string;
  name: string;
  /** scrypt hash; null for service accounts. */
  password_hash: string | null;
  is_service_account: number;
  is_disabled: number;
  created: Millis;
  updated: Millis;
  last_seen_at: Millis;
}

export interface OrgUserTable {
  org_id: number;
  user_id: number;
  role: OrgRole;
  created: Millis;
  updated: Millis;
}

export interface ApiKeyTable {
  id: Generated<number>;
  org_id: number;
  service_account_id: number;
  name: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  key_hash: string;
  created: Millis;
  updated: Millis;
  last_used_at: Millis | null;
  /** null: never expires. */
  expires: Millis | null;
  is_revoked: number;
}

export interface Database {
  org: OrgTable;
  user: UserTable;
  org_user: OrgUserTable;
  api_key: ApiKeyTable;
}

export type OrgRow = Selectable<OrgTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
