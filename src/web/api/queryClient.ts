import { QueryClient } from '@tanstack/react-query';
import { ApiError, UnexpectedResponseError } from './errors';

/** Retrying cannot fix a 4xx or a wrong answer; it may fix a 5xx or a dropped connection. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  if (error instanceof UnexpectedResponseError) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Lists change when someone edits them; 30 s keeps navigation instant without going stale for long.
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
