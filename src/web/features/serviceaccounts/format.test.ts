import { describe, expect, it } from 'vitest';
import type { ServiceAccountToken } from '../../../contract/serviceaccounts';
import { deleteAccountQuestion, disableAccountQuestion } from './confirmations';
import { describeExpiry, refreshInterval, timeLeft } from './format';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

function token(secondsUntilExpiration: number | null, overrides: Partial<ServiceAccountToken> = {}): ServiceAccountToken {
  return {
    id: 1,
    name: 'ci',
    created: '2026-03-01T12:00:00.000Z',
    lastUsedAt: null,
    expiration: secondsUntilExpiration === null ? null : new Date(NOW + secondsUntilExpiration * 1000).toISOString(),
    secondsUntilExpiration,
    hasExpired: false,
    isRevoked: false,
    ...overrides,
  };
}

describe('token expiry', () => {
  it('reads "never" for a token without expiry', () => {
    expect(describeExpiry(token(null), NOW, NOW)).toEqual({ kind: 'never' });
  });

  it('shows the date for a token more than a week away', () => {
    expect(describeExpiry(token(30 * 86400), NOW, NOW)).toEqual({ kind: 'date', at: '2026-04-09T12:00:00.000Z' });
  });

  it('counts the days left within a week', () => {
    expect(describeExpiry(token(3 * 86400 - 60), NOW, NOW)).toMatchObject({ kind: 'soon', text: 'Expires in 3 days' });
    expect(describeExpiry(token(7 * 86400), NOW, NOW)).toMatchObject({ kind: 'soon', text: 'Expires in 7 days' });
  });

  it('is expired when the server says so, or once the time left has run out here', () => {
    expect(describeExpiry(token(0, { hasExpired: true }), NOW, NOW)).toMatchObject({ kind: 'expired' });
    expect(describeExpiry(token(5), NOW + 4_000, NOW)).toMatchObject({ kind: 'soon', text: 'Expires in 1 second' });
    expect(describeExpiry(token(5), NOW + 5_000, NOW)).toMatchObject({ kind: 'expired' });
  });

  it('counts from when the server measured, not from this clock', () => {
    // The server said 10 s left when the answer arrived; this computer's clock is an hour behind.
    const skewedNow = NOW - 3_600_000;
    const expiring = { ...token(10), expiration: new Date(NOW + 10_000).toISOString() };
    expect(describeExpiry(expiring, skewedNow + 2_000, skewedNow)).toMatchObject({ text: 'Expires in 8 seconds' });
  });

  it('says the time left in the unit that reads naturally', () => {
    expect(timeLeft(40)).toBe('40 seconds');
    expect(timeLeft(59.2)).toBe('1 minute');
    expect(timeLeft(12 * 60)).toBe('12 minutes');
    expect(timeLeft(3599)).toBe('1 hour');
    expect(timeLeft(5 * 3600)).toBe('5 hours');
    expect(timeLeft(86399)).toBe('1 day');
    expect(timeLeft(86400 + 1)).toBe('2 days');
  });

  it('redraws every second only while a token is about to expire', () => {
    expect(refreshInterval([token(null), token(86400)], NOW, NOW)).toBe(30_000);
    expect(refreshInterval([token(90)], NOW, NOW)).toBe(1_000);
    expect(refreshInterval([token(90)], NOW + 120_000, NOW)).toBe(30_000);
  });
});

describe('confirmations', () => {
  it('name how many tokens go with a deleted account', () => {
    expect(deleteAccountQuestion({ name: 'ci', tokens: 3 })).toBe(
      'Delete service account ci and its 3 tokens? Anything using them stops working.',
    );
    expect(deleteAccountQuestion({ name: 'ci', tokens: 1 })).toBe(
      'Delete service account ci and its 1 token? Anything using it stops working.',
    );
    expect(deleteAccountQuestion({ name: 'ci', tokens: 0 })).toBe('Delete service account ci? It has no tokens.');
  });

  it('say that a disabled account’s tokens are refused', () => {
    expect(disableAccountQuestion({ name: 'ci', tokens: 2 })).toMatch(
      /^Disable service account ci\? Its 2 tokens are refused until you enable it again/,
    );
  });
});
