import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** Why a form was refused, for what no single field shows, in the server's words. */
export function FormRefusal({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {children}
    </Alert>
  );
}
