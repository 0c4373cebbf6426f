/**
 * The most hits one `/api/search` answer may hold (Grafana's cap). Plain values without zod: the
 * dashboards list's prefetch builds its search addresses before any schema has loaded.
 */
export const MAX_SEARCH_LIMIT = 5000;
