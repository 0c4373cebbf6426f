import { z } from 'zod';

/**
 * Every error the API answers: at least a message a person can act on. `field` (Sightline's, not
 * Grafana's) names the request field a refusal is about, as a path (`url`, `jsonData.timeout`).
 */
export const errorResponseSchema = z.looseObject({
  message: z.string(),
  status: z.string().optional(),
  title: z.string().optional(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** One line naming each field that failed and why, e.g. `name: expected string, received number`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
