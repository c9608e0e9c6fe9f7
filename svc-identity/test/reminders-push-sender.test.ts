import type { LookupAddress } from 'node:dns';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateVapidKeys, webPushSender } from '../src/reminders/push-sender.ts';

// The sender checks the addresses a push endpoint's name resolves to as part of making the connection,
// and connects to exactly those. A name the attacker controls (here: a resolver answering for it, as
// the attacker's DNS server would) can point at an internal address when the reminder is sent.

const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@levelup.test' };
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const payload = {
  title: 'Stretch',
  body: 'Scheduled for 10:30',
  url: '/dashboard',
  tag: 'quest:q',
};

let internal: Server;
const reached: Socket[] = [];
const port = () => (internal.address() as AddressInfo).port;
/** The attacker's DNS: every name it is asked about resolves to these addresses. */
const answering =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

beforeAll(async () => {
  internal = createServer((socket) => {
    reached.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
});
beforeEach(() => {
  reached.length = 0;
});
afterAll(async () => {
  await new Promise((resolve) => internal.close(resolve));
});

describe('the push sender and the addresses a name resolves to', () => {
  it('when the endpoint’s name resolves to an internal address, then it is refused and nothing is connected to', async () => {
    for (const addresses of [['127.0.0.1'], ['::ffff:127.0.0.1'], ['142.250.74.106', '10.0.0.1']]) {
      const sender = webPushSender(vapid, { resolve: answering(...addresses) });
      const outcome = await sender.send(
        { endpoint: 'https://push.attacker.example/push/x', keys },
        payload,
      );
      sender.close();
      expect({ addresses, outcome }).toEqual({ addresses, outcome: 'refused' });
    }
    expect(reached).toHaveLength(0);
  });

  it('when loopback is allowed (tests only), then the connection goes to the address the check saw', async () => {
    // No real resolver knows this name: reaching the listener proves the checked answer is the one used.
    const sender = webPushSender(vapid, {
      resolve: answering('127.0.0.1'),
      policy: { allowLoopback: true, allowedHosts: [] },
    });
    const outcome = await sender.send(
      { endpoint: `https://push.stand-in.test:${port()}/push/x`, keys },
      payload,
    );
    sender.close();
    expect(outcome).toBe('failed');
    expect(reached).toHaveLength(1);
  });
});
