import { sql } from 'kysely';
import { AnnotationStore } from './annotations';
import { DashboardStore } from './dashboards';
import { DataSourceStore } from './datasources';
import { inTransaction, openDatabase, type Db, type SynchronousMode } from './db';
import { FolderStore } from './folders';
import { OrgStore } from './orgs';
import { DashboardPermissionStore, StarStore } from './permissions';
import { ProvisioningStore } from './provisioning';
import { ServiceAccountStore } from './serviceaccounts';
import { StatsStore } from './stats';
import { TeamStore } from './teams';
import { TokenStore } from './tokens';
import { UserStore } from './users';
import { SecretBox } from '../secrets';

/** Every store module over one connection (or one transaction). */
export interface Stores {
  orgs: OrgStore;
  users: UserStore;
  serviceAccounts: ServiceAccountStore;
  tokens: TokenStore;
  dashboards: DashboardStore;
  folders: FolderStore;
  annotations: AnnotationStore;
  dataSources: DataSourceStore;
  teams: TeamStore;
  dashboardPermissions: DashboardPermissionStore;
  stars: StarStore;
  provisioning: ProvisioningStore;
  stats: StatsStore;
}

/** The only way the server reaches the database. */
export interface Store extends Stores {
  db: Db;
  file: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Start-up warnings (data dir or key file readable by other local users); main.ts logs them. */
  warnings: string[];
  /** Runs `work` with store modules bound to one transaction (`BEGIN IMMEDIATE`): all of its writes land, or none. */
  transaction<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `writes` (the connection's write counter) lets the token and org stores cache what they read; not in transactions. */
function storesOver(db: Db, secrets: SecretBox, writes?: () => number): Stores {
  return {
    orgs: new OrgStore(db, writes),
    users: new UserStore(db),
    serviceAccounts: new ServiceAccountStore(db),
    tokens: new TokenStore(db, writes),
    dashboards: new DashboardStore(db),
    folders: new FolderStore(db),
    annotations: new AnnotationStore(db),
    dataSources: new DataSourceStore(db, secrets),
    teams: new TeamStore(db),
    dashboardPermissions: new DashboardPermissionStore(db),
    stars: new StarStore(db),
    provisioning: new ProvisioningStore(db),
    stats: new StatsStore(db),
  };
}

/** Opens the data dir's database; `secretKey` (config) seals data source secrets, else the data dir's key file. */
export async function openStore(dataDir: string, options: { secretKey?: string; synchronous?: SynchronousMode } = {}): Promise<Store> {
  const connection = await openDatabase(dataDir, { synchronous: options.synchronous });
  // After the database: the data dir is created (0700) in one place, there.
  const secrets = SecretBox.fromConfig(dataDir, options.secretKey);
  const { db } = connection;
  return {
    ...storesOver(db, secrets, connection.writes),
    db,
    file: connection.file,
    warnings: [...connection.warnings, ...secrets.warnings],
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    transaction: (work) => inTransaction(db, (trx) => work(storesOver(trx, secrets))),
    close: connection.close,
  };
}
