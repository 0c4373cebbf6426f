import { NativeSelect, Text, type NativeSelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { orgRoles, type OrgRole } from '../../contract/common';

/** A failure shown next to the control that caused it, in the server's words. */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" role="alert" c="var(--mantine-color-error)">
      {children}
    </Text>
  );
}

export const roleOptions = orgRoles.map((role) => ({ value: role, label: role }));

export function isOrgRole(value: string): value is OrgRole {
  return (orgRoles as readonly string[]).includes(value);
}

/** The role picker of tables and forms: a native select, so keyboard and screen readers work as everywhere else. */
export function RoleSelect({
  value,
  onRoleChange,
  ...props
}: { value: OrgRole; onRoleChange: (role: OrgRole) => void } & Omit<NativeSelectProps, 'value' | 'onChange' | 'data'>) {
  return (
    <NativeSelect
      {...props}
      data={roleOptions}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isOrgRole(next)) onRoleChange(next);
      }}
    />
  );
}
