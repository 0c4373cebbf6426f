import { useState } from 'react';
import type { FieldErrors } from './form';

interface SaveProblems {
  fieldErrors: FieldErrors;
  formErrors: string[];
}

/**
 * Why the last save was refused, as the form shows it: messages under their fields, the rest above
 * the buttons. `show` replaces both with a check's or the server's; `clear` empties both.
 */
export function useSaveProblems() {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const show = (problems: SaveProblems) => {
    setFieldErrors(problems.fieldErrors);
    setFormErrors(problems.formErrors);
  };
  return { fieldErrors, formErrors, show, clear: () => show({ fieldErrors: {}, formErrors: [] }) };
}
