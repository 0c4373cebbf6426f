import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  configureOutgoing,
  DEFAULT_DENY_CIDRS,
  DEFAULT_MAX_CONCURRENT,
  deniedMessage,
  guardedLookup,
  isAddressDenied,
  isForbiddenHeaderName,
  OutgoingBusyError,
  outgoingInFlight,
  parseCidr,
  resolveAllowed,
  withOutgoingSlot,
} from './outgoing';

afterEach(() => configureOutgoing({ denyCidrs: DEFAULT_DENY_CIDRS, maxConcurrent: DEFAULT_MAX_CONCURRENT }));

describe('isAddressDenied', () => {
  it('denies the cloud metadata addresses by default, in every spelling', () => {
    expect(isAddressDenied('169.254.169.254')).toBe(true);
    expect(isAddressDenied('fd00:ec2::254')).toBe(true);
    expect(isAddressDenied('FD00:0EC2:0000::0254')).toBe(true);
    expect(isAddressDenied('[fd00:ec2::254]')).toBe(true);
    expect(isAddressDenied('::ffff:169.254.169.254')).toBe(true);
    expect(isAddressDenied('::ffff:a9fe:a9fe')).toBe(true);
    expect(isAddressDenied('169.254.169.253')).toBe(false);
    expect(isAddressDenied('127.0.0.1')).toBe(false);
    expect(isAddressDenied('metadata.internal')).toBe(false);
  });

  it('follows the configured CIDRs', () => {
    configureOutgoing({ denyCidrs: ['10.0.0.0/8', 'fc00::/7'] });
    expect(isAddressDenied('10.200.3.4')).toBe(true);
    expect(isAddressDenied('::ffff:10.1.1.1')).toBe(true);
    expect(isAddressDenied('fd12::1')).toBe(true);
    expect(isAddressDenied('11.0.0.1')).toBe(false);
    expect(isAddressDenied('169.254.169.254')).toBe(false);
  });

  it('judges an address again when the list changes', () => {
    expect(isAddressDenied('10.9.9.9')).toBe(false);
    configureOutgoing({ denyCidrs: ['10.0.0.0/8'] });
    expect(isAddressDenied('10.9.9.9')).toBe(true);
    configureOutgoing({ denyCidrs: [] });
    expect(isAddressDenied('10.9.9.9')).toBe(false);
  });

  it('always refuses the unspecified addresses, which reach this host, whatever the deny list', () => {
    for (const denyCidrs of [DEFAULT_DENY_CIDRS, []]) {
      configureOutgoing({ denyCidrs });
      for (const address of [
        '0.0.0.0',
        '0.1.2.3',
        '[::]',
        '::',
        '0:0:0:0:0:0:0:0',
        '::ffff:0.0.0.0',
        '::ffff:0:0',
        '::0.0.0.0',
        '64:ff9b::',
        '64:ff9b::0.0.0.0',
      ]) {
        expect(isAddressDenied(address), address).toBe(true);
      }
      expect(isAddressDenied('::1')).toBe(false);
      expect(isAddressDenied('127.0.0.1')).toBe(false);
    }
    expect(deniedMessage('0.0.0.0')).toBe(
      'address 0.0.0.0 is not allowed: an unspecified address (0.0.0.0/8, ::) reaches this server itself',
    );
    expect(deniedMessage('::')).toMatch(/^address :: is not allowed: an unspecified address/);
  });

  it('judges IPv6 forms that stand for an IPv4 address as that address', () => {
    configureOutgoing({ denyCidrs: ['169.254.169.254/32', '127.0.0.0/8'] });
    for (const address of [
      '::ffff:127.0.0.1', // IPv4-mapped
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:0:127.0.0.1', // IPv4-translated
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '64:ff9b::127.0.0.1', // NAT64, well-known prefix
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1', // 6to4
      '64:ff9b:1:a9fe:a9:fe00::', // NAT64 local-use, /48 layout
      '64:ff9b:1:a9:fe:a9fe::', // /56
      '64:ff9b:1:0:a9:fea9:fe00:0', // /64
      '64:ff9b:1::a9fe:a9fe', // /96
    ]) {
      expect(isAddressDenied(address), address).toBe(true);
    }
    for (const address of [
      '::1',
      '::ffff:10.0.0.1',
      '::10.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
      '2002:a00:1::1',
      '2001:db8::7f00:1',
      '64:ff9c::7f00:1',
    ]) {
      expect(isAddressDenied(address), address).toBe(false);
    }
  });

  it('refuses malformed CIDRs with the offending text', () => {
    expect(() => configureOutgoing({ denyCidrs: ['10.0.0.0/33'] })).toThrow('"10.0.0.0/33"');
    expect(() => configureOutgoing({ denyCidrs: ['example.com/8'] })).toThrow('"example.com/8"');
    expect(parseCidr('10.1.2.3')).toEqual({ address: '10.1.2.3', prefix: 32, family: 'ipv4' });
  });

  it('words the refusal as the issue asks', () => {
    expect(deniedMessage('169.254.169.254')).toBe('address 169.254.169.254 is not allowed (SIGHTLINE_DATASOURCE_DENY)');
  });
});

describe('resolution', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (host: string) =>
    new Promise<string>((resolve, reject) => {
      http
        .get({ host, port, path: '/', lookup: guardedLookup, family: 4, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.statusCode)));
        })
        .on('error', reject);
    });

  it('lets allowed names through and refuses denied resolved addresses with EDENIED', async () => {
    expect(await get('localhost')).toBe('200');
    configureOutgoing({ denyCidrs: ['127.0.0.0/8', '::1/128'] });
    await expect(get('localhost')).rejects.toMatchObject({ code: 'EDENIED', message: deniedMessage('127.0.0.1') });
  });

  it('resolveAllowed returns the address to connect to, or throws EDENIED', async () => {
    expect(['127.0.0.1', '::1']).toContain(await resolveAllowed('localhost'));
    expect(await resolveAllowed('[::1]')).toBe('::1');
    configureOutgoing({ denyCidrs: ['127.0.0.0/8', '::1/128'] });
    await expect(resolveAllowed('localhost')).rejects.toMatchObject({ code: 'EDENIED' });
    await expect(resolveAllowed('127.0.0.1')).rejects.toMatchObject({ code: 'EDENIED' });
    // inet_aton spellings resolve to the same address and are refused too.
    await expect(resolveAllowed('2130706433')).rejects.toMatchObject({ code: 'EDENIED' });
  });

  it('names that resolve to an unspecified address are refused in the lookup and by resolveAllowed', async () => {
    configureOutgoing({ denyCidrs: [] });
    // `0` is 0.0.0.0 to the resolver (inet_aton), and 0.0.0.0 would reach this host.
    await expect(get('0')).rejects.toMatchObject({ code: 'EDENIED', message: deniedMessage('0.0.0.0') });
    await expect(resolveAllowed('0')).rejects.toMatchObject({ code: 'EDENIED' });
    await expect(resolveAllowed('0.0.0.0')).rejects.toMatchObject({ code: 'EDENIED' });
    await expect(resolveAllowed('[::]')).rejects.toMatchObject({ code: 'EDENIED' });
    await expect(resolveAllowed('::ffff:0.0.0.0')).rejects.toMatchObject({ code: 'EDENIED' });
    // Other spellings of loopback resolve to 127.0.0.1 and meet the list like it.
    expect(await resolveAllowed('0x7f.1')).toBe('127.0.0.1');
    expect(await resolveAllowed('127.1')).toBe('127.0.0.1');
    configureOutgoing({ denyCidrs: ['127.0.0.0/8'] });
    await expect(resolveAllowed('0x7f.1')).rejects.toMatchObject({ code: 'EDENIED' });
    await expect(resolveAllowed('127.1')).rejects.toMatchObject({ code: 'EDENIED' });
    await expect(resolveAllowed('::ffff:7f00:1')).rejects.toMatchObject({ code: 'EDENIED' });
    await expect(resolveAllowed('64:ff9b::127.0.0.1')).rejects.toMatchObject({ code: 'EDENIED' });
  });
});

describe('withOutgoingSlot', () => {
  it('refuses at once beyond the limit and frees slots when work ends, even on failure', async () => {
    configureOutgoing({ maxConcurrent: 2 });
    const releases: Array<() => void> = [];
    const hold = () => withOutgoingSlot(() => new Promise<void>((resolve) => releases.push(resolve)));
    const first = hold();
    const second = hold();
    expect(outgoingInFlight()).toBe(2);
    await expect(withOutgoingSlot(async () => 'x')).rejects.toBeInstanceOf(OutgoingBusyError);
    await expect(withOutgoingSlot(async () => 'x')).rejects.toThrow('limit 2');
    releases.forEach((release) => release());
    await Promise.all([first, second]);
    await expect(
      withOutgoingSlot(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(outgoingInFlight()).toBe(0);
    expect(await withOutgoingSlot(async () => 'done')).toBe('done');
  });
});

describe('isForbiddenHeaderName', () => {
  it('refuses routing, framing, hop-by-hop and proxy headers in any case', () => {
    for (const name of [
      'Host',
      'connection',
      'Keep-Alive',
      'TRANSFER-ENCODING',
      'Content-Length',
      'Upgrade',
      'TE',
      'Trailer',
      'Proxy-Authorization',
      ' host ',
    ]) {
      expect(isForbiddenHeaderName(name), name).toBe(true);
    }
    for (const name of ['Authorization', 'X-Scope-OrgID', 'X-Api-Key', 'Cookie']) expect(isForbiddenHeaderName(name), name).toBe(false);
  });
});
