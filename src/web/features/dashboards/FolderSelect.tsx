import { Select, type SelectProps } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { folderOptions, useFolders } from './api';

/**
 * A folder picker: General (uid '') and every folder. With `anyFolder`, it filters instead: empty
 * means every folder and General is `general`, as `/api/search?folderUIDs=` reads it.
 */
export function FolderSelect({
  value,
  onChange,
  label = 'Folder',
  enabled = true,
  anyFolder = false,
  error,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'error'> & {
  value: string | null;
  onChange: (value: string | null) => void;
  enabled?: boolean;
  anyFolder?: boolean;
  error?: string | false | null;
}) {
  const folders = useFolders(enabled);
  const data = anyFolder
    ? folderOptions(folders.data).map((o) => (o.value === '' ? { ...o, value: 'general' } : o))
    : folderOptions(folders.data);
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      allowDeselect={anyFolder}
      clearable={anyFolder}
      placeholder={anyFolder ? 'All folders' : undefined}
      error={(folders.error && errorMessage(folders.error)) || error || undefined}
      {...props}
    />
  );
}
