import { describe, expect, it } from 'vitest';
import { isKiosk, withKiosk } from './kiosk';

describe('kiosk mode in the URL', () => {
  it('reads a bare kiosk, kiosk=1, kiosk=true and kiosk=tv as on; absent, 0 and false as off', () => {
    for (const query of ['kiosk', 'kiosk=', 'kiosk=1', 'kiosk=true', 'kiosk=tv', 'from=now-1h&kiosk'])
      expect(isKiosk(new URLSearchParams(query)), query).toBe(true);
    for (const query of ['', 'kiosk=0', 'kiosk=false', 'kiosk=FALSE', 'kioskmode=1'])
      expect(isKiosk(new URLSearchParams(query)), query).toBe(false);
  });

  it('turns it on as a bare parameter and off by removing it, keeping the rest', () => {
    const on = withKiosk(new URLSearchParams('from=now-1h&kiosk=false'), true);
    expect(on.toString()).toBe('from=now-1h&kiosk=');
    expect(isKiosk(on)).toBe(true);
    expect(withKiosk(on, false).toString()).toBe('from=now-1h');
  });
});
