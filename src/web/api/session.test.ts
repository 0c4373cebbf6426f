import { describe, expect, it } from 'vitest';
import { isSession, type Session } from './session';

const stored: Session = { serverUrl: '', token: 'glsa_test', orgId: 1, orgName: 'Main Org.', role: 'Admin', login: 'sa-ci' };

describe('isSession', () => {
  it('accepts a whole stored session, extra fields included', () => {
    expect(isSession(stored)).toBe(true);
    expect(isSession({ ...stored, serverUrl: 'http://grafana.test', addedLater: true })).toBe(true);
  });

  it('refuses anything a session cannot start from', () => {
    for (const broken of [
      null,
      'glsa_test',
      { ...stored, token: '' },
      { ...stored, role: 'Owner' },
      { ...stored, orgId: '1' },
      { ...stored, login: undefined },
      { ...stored, serverUrl: null },
    ]) {
      expect(isSession(broken)).toBe(false);
    }
  });
});
