import type { z } from 'zod';
import { errorMessage, serverFieldError } from '../api/errors';

/**
 * The first problem of each field in a failed contract parse, as a form shows it under the field:
 * the contract's fragments ("is required", "does not match the new password") after the field's
 * label, its whole sentences ("New password is too short", the server's words too) as they are.
 */
export function fieldIssues<F extends string>(error: z.ZodError, labels: Record<F, string>): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as F;
    if (!(field in labels) || found[field] !== undefined) continue;
    found[field] = /^[A-Z]/.test(issue.message) ? issue.message : `${labels[field]} ${issue.message}`;
  }
  return found;
}

/**
 * Where a form shows a failed save, in the server's words: under the field when the refusal names
 * one of `fields` (a taken name), otherwise once below the form.
 */
export function placeRefusal(error: unknown, ...fields: string[]): { fieldError?: string; formError?: string } {
  const fieldError = serverFieldError(error, ...fields);
  return { fieldError, formError: error && !fieldError ? errorMessage(error) : undefined };
}
