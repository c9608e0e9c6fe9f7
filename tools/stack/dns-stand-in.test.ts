import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, startDnsStandIn, type DnsStandIn } from './dns-stand-in.ts';

let dns: DnsStandIn;
let resolver: Resolver;

beforeAll(async () => {
  dns = await startDnsStandIn();
  resolver = new Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([dns.server]);
});
afterAll(() => dns.close());

/** A query as a resolver writes it: header, then the question (name, type, class IN). */
function query(name: string, type: number, flags = 0x0100): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xbeef, 0);
  head.writeUInt16BE(flags, 2);
  head.writeUInt16BE(1, 4);
  const labels = name
    .split('.')
    .map((label) => Buffer.concat([Buffer.of(label.length), Buffer.from(label)]));
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(type, 0);
  tail.writeUInt16BE(1, 2);
  return Buffer.concat([head, ...labels, Buffer.of(0), tail]);
}

describe('the DNS stand-in', () => {
  it('when a name is set, then a resolver gets its addresses, and after a change the new ones at once (TTL 0)', async () => {
    dns.set('svc-quests.levelup.test', ['127.0.0.4', '127.0.0.5']);
    expect((await resolver.resolve4('svc-quests.levelup.test')).sort()).toEqual([
      '127.0.0.4',
      '127.0.0.5',
    ]);
    const withTtl = await resolver.resolve4('svc-quests.levelup.test', { ttl: true });
    expect(withTtl.map((record) => record.ttl)).toEqual([0, 0]);

    dns.remove('svc-quests.levelup.test', '127.0.0.4');
    expect(await resolver.resolve4('SVC-Quests.levelup.test.')).toEqual(['127.0.0.5']);
    dns.add('svc-quests.levelup.test', '127.0.0.4');
    dns.add('svc-quests.levelup.test', '127.0.0.4');
    expect(dns.addresses('svc-quests.levelup.test')).toEqual(['127.0.0.5', '127.0.0.4']);
    dns.set('svc-quests.levelup.test', ['127.0.0.6']);
    expect(await resolver.resolve4('svc-quests.levelup.test')).toEqual(['127.0.0.6']);
  });

  it('when a name is not held, or its last address left, then the answer is NXDOMAIN', async () => {
    await expect(resolver.resolve4('svc-unknown.levelup.test')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
    dns.set('svc-goals.levelup.test', ['127.0.0.7']);
    dns.remove('svc-goals.levelup.test', '127.0.0.7');
    await expect(resolver.resolve4('svc-goals.levelup.test')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('when a held name is asked for another type, then there is no answer but no error of the name (NODATA)', async () => {
    dns.set('svc-feedback.levelup.test', ['127.0.0.8']);
    await expect(resolver.resolve6('svc-feedback.levelup.test')).rejects.toMatchObject({
      code: 'ENODATA',
    });
    const reply = answer(
      query('svc-feedback.levelup.test', 28),
      new Map([['svc-feedback.levelup.test', ['127.0.0.8']]]),
    )!;
    expect(reply.readUInt16BE(0)).toBe(0xbeef);
    expect(reply.readUInt16BE(2) & 0x000f).toBe(0);
    expect(reply.readUInt16BE(6)).toBe(0);
  });

  it('when a message is not a query it can read, then it answers FORMERR or NOTIMP, and nothing to a reply or a scrap', () => {
    const held = new Map([['a.test', ['127.0.0.2']]]);
    const truncated = query('a.test', 1).subarray(0, 15);
    expect(answer(truncated, held)!.readUInt16BE(2) & 0x000f).toBe(1);
    const inverse = query('a.test', 1, 0x0800);
    expect(answer(inverse, held)!.readUInt16BE(2) & 0x000f).toBe(4);
    expect(answer(query('a.test', 1, 0x8000), held)).toBeUndefined();
    expect(answer(Buffer.alloc(5), held)).toBeUndefined();
    const ok = answer(query('a.test', 1), held)!;
    // QR, AA, RD echoed, one question, one answer: 127.0.0.2 in the last four bytes.
    expect(ok.readUInt16BE(2) & 0x8500).toBe(0x8500);
    expect([ok.readUInt16BE(4), ok.readUInt16BE(6)]).toEqual([1, 1]);
    expect([...ok.subarray(-4)]).toEqual([127, 0, 0, 2]);
  });

  it('when an address is not IPv4, then it is refused', () => {
    expect(() => dns.set('x.test', ['::1'])).toThrow(/not an IPv4 address/);
  });
});
