import type { ThresholdsConfig } from './fieldConfig';

/**
 * Absolute thresholds as a panel's JSON holds them: green as the base, red from `redFrom` on.
 * Grafana gives every new panel these with red from 80.
 */
export function greenThenRed(redFrom: number): ThresholdsConfig {
  return {
    mode: 'absolute',
    steps: [
      { color: 'green', value: null },
      { color: 'red', value: redFrom },
    ],
  };
}
