import { useQuery } from '@tanstack/react-query';
import { orgUserListSchema } from '../../../contract/users';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

export function useOrgUsers(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.orgUsers, queryFn: ({ signal }) => apiFetch('/api/org/users', { schema: orgUserListSchema, signal }), enabled });
}
