import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { OrgRole } from '../../contract/common';
import { useHasRole, useSession } from '../app/useSession';

/** Shows `children` to accounts with `role` or above; others learn what they would need. */
export function RoleGuard({ role, what, children }: { role: OrgRole; what: string; children: ReactNode }) {
  const allowed = useHasRole(role);
  const session = useSession();
  if (allowed) return children;
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title={`Needs the ${role} role`}>
      {what} needs the {role} role; this account ({session?.login}) has the role {session?.role}. Ask an Admin for a token with more access.
    </Alert>
  );
}
