import { sql } from 'kysely';
import { AlertingStore } from './alerting';
import { AlertingNotifyStore } from './alertingNotify';
import { AlertingDeliveryStore } from './alertingDelivery';
import { AnnotationStore } from './annotations';
import { DashboardStore } from './dashboards';
import { DataSourceStore } from './datasources';
import { inTransaction, openDatabase, type Db, type SynchronousMode } from './db';
import type { SqlDialect } from './dialect';
import { FolderStore } from './folders';
import { LibraryElementStore } from './libraryElements';
import { OrgStore } from './orgs';
import { DashboardPermissionStore, StarStore } from './permissions';
import { PreferenceStore } from './preferences';
import { ProvisioningStore } from './provisioning';
import { ServiceAccountStore } from './serviceaccounts';
import { SessionStore } from './sessions';
import { StatsStore } from './stats';
import { TeamStore } from './teams';
import { TokenStore } from './tokens';
import { UserStore } from './users';
import { DashboardSearch } from './searchCatalogue';
import { SecretBox } from '../secrets';

/** Every store module over one connection (or one transaction). */
export interface Stores {
  orgs: OrgStore;
  users: UserStore;
  serviceAccounts: ServiceAccountStore;
  tokens: TokenStore;
  sessions: SessionStore;
  dashboards: DashboardStore;
  folders: FolderStore;
  annotations: AnnotationStore;
  dataSources: DataSourceStore;
  teams: TeamStore;
  dashboardPermissions: DashboardPermissionStore;
  stars: StarStore;
  /** Grafana's preferences of orgs, teams and people (migration 0019). */
  preferences: PreferenceStore;
  /** Grafana's library panels and the dashboards connected to them (migration 0020). */
  libraryElements: LibraryElementStore;
  provisioning: ProvisioningStore;
  stats: StatsStore;
  alerting: AlertingStore;
  /** Alerting's notifications: contact points, policies, silences, notification log (migration 0014). */
  alertingNotify: AlertingNotifyStore;
  /** Each contact point integration's last delivery attempt (migration 0015). */
  alertingDelivery: AlertingDeliveryStore;
}

/** The only way the server reaches the database. */
export interface Store extends Stores {
  db: Db;
  dialect: SqlDialect;
  /** The SQLite file, or the PostgreSQL URL without its password. */
  file: string;
  /** `/api/search`'s answers (in memory on SQLite); over the connection, never a transaction. */
  search: DashboardSearch;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Start-up warnings (data dir or key file readable by other local users); main.ts logs them. */
  warnings: string[];
  /** Runs `work` with store modules bound to one transaction (`BEGIN IMMEDIATE`): all of its writes land, or none. */
  transaction<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `writes` (the connection's write counter) lets the token, org and annotation stores cache what they read; not in transactions. */
function storesOver(db: Db, secrets: SecretBox, versionsToKeep: number | undefined, writes?: () => number): Stores {
  return {
    orgs: new OrgStore(db, writes),
    users: new UserStore(db),
    serviceAccounts: new ServiceAccountStore(db),
    tokens: new TokenStore(db, writes),
    sessions: new SessionStore(db, writes),
    dashboards: new DashboardStore(db, versionsToKeep),
    folders: new FolderStore(db),
    annotations: new AnnotationStore(db, writes),
    dataSources: new DataSourceStore(db, secrets, writes),
    teams: new TeamStore(db),
    dashboardPermissions: new DashboardPermissionStore(db),
    stars: new StarStore(db),
    preferences: new PreferenceStore(db),
    libraryElements: new LibraryElementStore(db),
    provisioning: new ProvisioningStore(db),
    stats: new StatsStore(db),
    alerting: new AlertingStore(db),
    alertingNotify: new AlertingNotifyStore(db, secrets),
    alertingDelivery: new AlertingDeliveryStore(db),
  };
}

export interface StoreOptions {
  /** Seals data source secrets; else the data dir's key file (SQLite only). */
  secretKey?: string;
  synchronous?: SynchronousMode;
  /** `postgres://…`: the database is PostgreSQL there, not the data dir's SQLite file. */
  databaseUrl?: string;
  /** PostgreSQL connections per instance. */
  poolSize?: number;
  /** Versions each dashboard keeps (SIGHTLINE_DASHBOARD_VERSIONS_TO_KEEP; Grafana's default 20). */
  versionsToKeep?: number;
  /** Where background problems (a lost PostgreSQL listener) are reported. */
  log?: (message: string) => void;
}

/**
 * Opens the database (the data dir's SQLite file, or PostgreSQL at `databaseUrl`) and brings its
 * schema up to date. With PostgreSQL every instance must seal secrets with the same `secretKey`.
 */
export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  if (options.databaseUrl && !options.secretKey) {
    throw new Error('SIGHTLINE_SECRET_KEY is required with PostgreSQL: every instance must unseal the same data source secrets');
  }
  // Imported only when configured: a static import would load pg into every SQLite server.
  const connection = options.databaseUrl
    ? await (await import('./postgres')).openPostgres(options.databaseUrl, { poolSize: options.poolSize, log: options.log })
    : await openDatabase(dataDir, { synchronous: options.synchronous });
  // After the database: the data dir is created (0700) in one place, there.
  const secrets = SecretBox.fromConfig(dataDir, options.secretKey);
  const { db } = connection;
  const stores = storesOver(db, secrets, options.versionsToKeep, connection.writes);
  return {
    ...stores,
    search: new DashboardSearch(db),
    db,
    dialect: connection.dialect,
    file: connection.file,
    warnings: [...connection.warnings, ...secrets.warnings],
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    transaction: (work) => inTransaction(db, (trx) => work(storesOver(trx, secrets, options.versionsToKeep))),
    close: connection.close,
  };
}
