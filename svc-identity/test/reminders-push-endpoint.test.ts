import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_ENDPOINT_POLICY,
  classifyAddress,
  endpointProblem,
} from '../src/reminders/push-endpoint.ts';

describe('which addresses a push may go to', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'not-public'],
    ['172.16.0.1', 'not-public'],
    ['172.31.255.255', 'not-public'],
    ['192.168.1.1', 'not-public'],
    ['169.254.169.254', 'not-public'],
    ['100.64.0.1', 'not-public'],
    ['100.127.255.254', 'not-public'],
    ['0.0.0.0', 'not-public'],
    ['0.1.2.3', 'not-public'],
    ['224.0.0.1', 'not-public'],
    ['255.255.255.255', 'not-public'],
    ['::', 'not-public'],
    ['fc00::1', 'not-public'],
    ['fd12:3456::1', 'not-public'],
    ['fe80::1', 'not-public'],
    ['fe80::1%eth0', 'not-public'],
    ['ff02::1', 'not-public'],
    // IPv4 inside IPv6: the IPv4 address decides, and loopback there is not the test allowance.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'not-public'],
    ['::ffff:169.254.169.254', 'not-public'],
    ['::10.0.0.1', 'not-public'],
    ['64:ff9b::10.0.0.1', 'not-public'],
    ['64:ff9b::a9fe:a9fe', 'not-public'],
    ['64:ff9b:1::1', 'not-public'],
    ['2002:7f00:1::', 'not-public'],
    ['2002:a00:1::1', 'not-public'],
    ['2001:db8::1', 'not-public'],
    ['2001:0:4136:e378::1', 'not-public'],
    ['not an address', 'not-public'],
    // Range edges and more embedded forms.
    ['100.64.0.0', 'not-public'],
    ['100.63.255.255', 'public'],
    ['169.254.0.1', 'not-public'],
    ['::ffff:0.0.0.0', 'not-public'],
    ['::ffff:0:0', 'not-public'],
    ['::ffff:100.64.0.1', 'not-public'],
    ['::ffff:a9fe:a9fe', 'not-public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:a9fe:a9fe::', 'not-public'],
    ['fc00::', 'not-public'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'not-public'],
    ['fe80::', 'not-public'],
    ['febf:ffff::1', 'not-public'],
    ['fec0::1', 'not-public'],
    ['1fff::1', 'not-public'],
    ['4000::1', 'not-public'],
    ['3fff::1', 'not-public'],
    ['3fff:1000::1', 'public'],
    // Public.
    ['142.250.74.106', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::ffff:142.250.74.106', 'public'],
    ['64:ff9b::8efa:4a6a', 'public'],
    ['2002:8efa:4a6a::1', 'public'],
    ['2a00:1450:4001:82b::200a', 'public'],
  ])('%s is %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });
});

describe('a subscription endpoint, judged on its URL', () => {
  const strict = DEFAULT_PUSH_ENDPOINT_POLICY;
  const testing = { allowLoopback: true, allowedHosts: [] };

  it('accepts the push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGnd',
    ]) {
      expect(endpointProblem(endpoint, strict)).toBeNull();
    }
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', 'https URL'],
    ['https://127.0.0.1:4001/api', 'public internet'],
    ['https://[::1]/', 'public internet'],
    ['https://[::ffff:127.0.0.1]/', 'public internet'],
    ['https://169.254.169.254/latest/meta-data/', 'public internet'],
    ['https://10.0.0.5/', 'public internet'],
    ['https://0.0.0.0/', 'public internet'],
    ['https://2130706433/', 'public internet'],
    ['https://0x7f.1/', 'public internet'],
    ['https://localhost/', 'public internet'],
    ['https://api.localhost/', 'public internet'],
    ['https://svc-quests:4002/', 'public internet'],
    ['https://[fd00::1]/', 'public internet'],
    ['https://user:pass@fcm.googleapis.com/', 'user name or password'],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', 'https port'],
  ])('refuses %s (%s)', (endpoint, why) => {
    expect(endpointProblem(endpoint, strict)).toContain(why);
  });

  it('with the test allowance, accepts loopback and any port, and still nothing else private', () => {
    expect(endpointProblem('https://127.0.0.1:43123/push/x', testing)).toBeNull();
    expect(endpointProblem('https://[::1]:43123/push/x', testing)).toBeNull();
    expect(endpointProblem('https://10.0.0.5/', testing)).toContain('public internet');
    expect(endpointProblem('https://localhost:43123/', testing)).toContain('public internet');
    expect(endpointProblem('https://push.stand-in.test:8443/', testing)).toBeNull();
  });

  it('with an allowlist, accepts only its hosts (exact, or under a *. name)', () => {
    const listed = {
      allowLoopback: false,
      allowedHosts: ['fcm.googleapis.com', '*.notify.windows.com'],
    };
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/a', listed)).toBeNull();
    expect(endpointProblem('https://wns2-par02p.notify.windows.com/w/', listed)).toBeNull();
    expect(endpointProblem('https://notify.windows.com.evil.example/', listed)).toContain(
      'not one of the push services',
    );
    expect(endpointProblem('https://evilnotify.windows.com/', listed)).toContain(
      'not one of the push services',
    );
    expect(endpointProblem('https://push.example.com/', listed)).toContain(
      'not one of the push services',
    );
  });
});
