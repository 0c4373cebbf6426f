import { z } from 'zod';
import { apiFetch } from '../../api/client';

/** `{status, data: [...]}`: Prometheus' and Loki's answer to label and metric name lists. */
export const stringListAnswer = z.looseObject({ status: z.string(), data: z.array(z.string()).nullish() });

/**
 * Lookups for completion, asked of the data source through the server's resource route
 * (`/api/datasources/uid/<uid>/resources/...`, which allows only the type's read API). Each answer
 * is kept for a minute, so typing asks once; a failed one is forgotten and asked again next time.
 */
export class ResourceCache {
  private readonly answers = new Map<string, { at: number; promise: Promise<unknown> }>();

  constructor(private readonly uid: string) {}

  strings(path: string, params: Record<string, string | undefined> = {}): Promise<string[]> {
    return this.ask(path, params, stringListAnswer).then((answer) => answer.data ?? []);
  }

  ask<S extends z.ZodType>(path: string, params: Record<string, string | undefined>, schema: S): Promise<z.output<S>> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) search.append(key, value);
    const query = search.toString();
    const url = `/api/datasources/uid/${encodeURIComponent(this.uid)}/resources/${path}${query ? `?${query}` : ''}`;
    const kept = this.answers.get(url);
    if (kept && Date.now() - kept.at < 60_000) return kept.promise as Promise<z.output<S>>;
    const promise = apiFetch(url, { schema });
    promise.catch(() => this.answers.delete(url));
    this.answers.set(url, { at: Date.now(), promise });
    return promise;
  }
}
