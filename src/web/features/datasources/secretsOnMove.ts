import { dataSourceTypeAliases, sqlDataSourceTypes, urlOrigin, type DataSource, type DataSourceType } from '../../../contract/datasources';
import { fieldLabel } from './fieldMessages';
import { customHeaderNumber, headerValuePath, type FormState } from './formState';
import { secretPath, settingsLayout } from './settings';

/**
 * The saved secrets a save would drop: when the URL now points at another scheme, host or port,
 * the server does not send the old address's password and header values to the new one. Secrets
 * typed anew (or already removed) are not listed. Empty when nothing is lost.
 */
export function secretsDroppedByMove(base: DataSource, state: FormState): string[] {
  const type = (dataSourceTypeAliases[base.type] ?? base.type) as DataSourceType;
  const sql = sqlDataSourceTypes.includes(type);
  const before = urlOrigin(base.url, sql);
  const after = urlOrigin(String(state.values.url ?? ''), sql);
  if (before === undefined || after === undefined || before === after) return [];

  const layout = settingsLayout(base.type);
  const dropped: string[] = [];
  for (const [key, secret] of Object.entries(state.secrets)) {
    if (secret.configured) dropped.push(fieldLabel(layout, state, secretPath(key)) ?? key);
  }
  state.headers.forEach((row, index) => {
    if (row.configured)
      dropped.push(fieldLabel(layout, state, headerValuePath(index)) ?? `Header ${customHeaderNumber(state, index)} value`);
  });
  return [...new Set(dropped)];
}
