import { AnnotationStore } from './annotations';
import { DashboardStore } from './dashboards';
import { inTransaction, openDatabase, type Db } from './db';
import { FolderStore } from './folders';
import { OrgStore } from './orgs';
import { ServiceAccountStore } from './serviceaccounts';
import { TokenStore } from './tokens';
import { UserStore } from './users';

/** Every store module over one connection (or one transaction). */
export interface Stores {
  orgs: OrgStore;
  users: UserStore;
  serviceAccounts: ServiceAccountStore;
  tokens: TokenStore;
  dashboards: DashboardStore;
  folders: FolderStore;
  annotations: AnnotationStore;
}

/** The only way the server reaches the database. */
export interface Store extends Stores {
  db: Db;
  file: string;
  /** Runs `work` with store modules bound to one transaction: all of its writes land, or none. */
  transaction<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function storesOver(db: Db): Stores {
  return {
    orgs: new OrgStore(db),
    users: new UserStore(db),
    serviceAccounts: new ServiceAccountStore(db),
    tokens: new TokenStore(db),
    dashboards: new DashboardStore(db),
    folders: new FolderStore(db),
    annotations: new AnnotationStore(db),
  };
}

export async function openStore(dataDir: string): Promise<Store> {
  const connection = await openDatabase(dataDir);
  const { db } = connection;
  return {
    ...storesOver(db),
    db,
    file: connection.file,
    transaction: (work) => inTransaction(db, (trx) => work(storesOver(trx))),
    close: connection.close,
  };
}
