import { describe, expect, it } from 'vitest';
import { parseNatsNodes, parseScale, serviceInstances, stackProcesses } from './stack.ts';

const options = {
  portOffset: 100,
  mongoUrl: 'mongodb://127.0.0.1:27117',
  natsUrl: 'nats://127.0.0.1:4222',
  identitySecret: 'x'.repeat(32),
  sessionKeys: 'y'.repeat(32),
  frontends: false,
};

describe('npm start -- --scale', () => {
  it('when svc-quests is scaled to 3, then three instances start on their own ports and the gateway gets the list', () => {
    const specs = stackProcesses({ ...options, scale: parseScale(['--scale', 'svc-quests=3']) });
    const quests = specs.filter((spec) => spec.name.startsWith('svc-quests'));
    expect(quests.map((spec) => [spec.name, spec.port, spec.env.PORT])).toEqual([
      ['svc-quests', 4102, '4102'],
      ['svc-quests#2', 4122, '4122'],
      ['svc-quests#3', 4142, '4142'],
    ]);
    const gateway = specs.find((spec) => spec.name === 'gateway')!;
    expect(gateway.env.QUESTS_URLS).toBe(
      'http://127.0.0.1:4102,http://127.0.0.1:4122,http://127.0.0.1:4142',
    );
    expect(gateway.env.GOALS_URLS).toBeUndefined();
    expect(new Set(specs.map((spec) => spec.port)).size).toBe(specs.length);
  });

  it('when nothing is scaled, then each service runs once and the gateway has no lists', () => {
    const specs = stackProcesses(options);
    expect(specs.filter((spec) => spec.name.includes('#'))).toEqual([]);
    expect(Object.keys(specs.find((spec) => spec.name === 'gateway')!.env)).not.toContain(
      'QUESTS_URLS',
    );
  });

  it('when two gateways are asked for, then the second listens on its own public and metrics ports with the same upstream lists', () => {
    const specs = stackProcesses({ ...options, gateways: 2, scale: { 'svc-quests': 2 } });
    const gateways = specs.filter((spec) => spec.name.startsWith('gateway'));
    expect(gateways.map((spec) => [spec.name, spec.port, spec.env.METRICS_PORT])).toEqual([
      ['gateway', 8180, '9564'],
      ['gateway#2', 8200, '9584'],
    ]);
    expect(gateways[1]!.env.QUESTS_URLS).toBe(gateways[0]!.env.QUESTS_URLS);
    expect(gateways[1]!.env.IDENTITY_URL).toBe(gateways[0]!.env.IDENTITY_URL);
    const ports = specs.flatMap((spec) =>
      spec.env.METRICS_PORT ? [spec.port, Number(spec.env.METRICS_PORT)] : [spec.port],
    );
    expect(new Set(ports).size).toBe(ports.length);
  });

  it.each([
    [['--scale=svc-quests=2,svc-goals=2'], { 'svc-quests': 2, 'svc-goals': 2 }],
    [['--scale', 'svc-identity=1'], { 'svc-identity': 1 }],
    [[], {}],
  ])('when the arguments are %j, then the scale is %j', (args, scale) => {
    expect(parseScale(args)).toEqual(scale);
  });

  it.each([['svc-unknown=2'], ['svc-quests=0'], ['svc-quests=9'], ['svc-quests']])(
    "when --scale is '%s', then start refuses with the usage",
    (value) => {
      expect(() => parseScale(['--scale', value])).toThrow(/--scale takes <service>=<1\.\.8>/);
    },
  );

  it.each([
    [['--nats-nodes', '3'], 3],
    [['--scale', 'svc-quests=2', '--nats-nodes=5'], 5],
    [[], undefined],
  ])('when the arguments are %j, then the NATS cluster has %s nodes', (args, nodes) => {
    expect(parseNatsNodes(args)).toBe(nodes);
  });

  it.each([['2'], ['4'], ['0'], ['three'], ['']])(
    "when --nats-nodes is '%s', then start refuses: a majority of the nodes must agree",
    (value) => {
      expect(() => parseNatsNodes(['--nats-nodes', value])).toThrow(/takes 1, 3 or 5/);
    },
  );

  it('when the stack runs a NATS cluster, then every service keeps three copies of its streams', () => {
    const specs = stackProcesses({ ...options, natsStreamReplicas: 3 });
    const services = specs.filter((spec) => spec.name.startsWith('svc-'));
    expect(services.length).toBeGreaterThan(0);
    for (const spec of services) expect(spec.env.NATS_STREAM_REPLICAS).toBe('3');
    expect(stackProcesses(options)[0]!.env.NATS_STREAM_REPLICAS).toBeUndefined();
  });
});

describe('instances found by DNS (the rehearsal)', () => {
  const dnsOptions = {
    ...options,
    discovery: 'dns' as const,
    dnsServer: '127.0.0.1:5353',
    gateways: 2,
    scale: { 'svc-quests': 3, 'svc-community': 2 },
  };

  it('when discovery is dns, then every instance of a service listens on the same port at an address of its own, and health and metrics are asked there', () => {
    const specs = stackProcesses(dnsOptions);
    const quests = specs.filter((spec) => spec.name.startsWith('svc-quests'));
    expect(quests.map((spec) => [spec.name, spec.host, spec.port, spec.env.BIND_HOST])).toEqual([
      ['svc-quests', '127.0.0.3', 4102, '127.0.0.3'],
      ['svc-quests#2', '127.0.0.4', 4102, '127.0.0.4'],
      ['svc-quests#3', '127.0.0.5', 4102, '127.0.0.5'],
    ]);
    for (const spec of quests) expect(spec.dnsName).toBe('svc-quests.levelup.test');
    const services = specs.filter((spec) => spec.name.startsWith('svc-'));
    const addresses = services.map((spec) => spec.host);
    expect(new Set(addresses).size).toBe(services.length);
    expect(addresses).not.toContain('127.0.0.1');
    // svc-quests reaches svc-community's first instance at its own address.
    const community = specs.find((spec) => spec.name === 'svc-community')!;
    expect(quests[0]!.env.COMMUNITY_URL).toBe(`http://${community.host}:${community.port}`);
    expect(serviceInstances(dnsOptions).map((each) => `${each.host}:${each.port}`)).toEqual(
      services.map((spec) => `${spec.host}:${spec.port}`),
    );
  });

  it('when discovery is dns, then the gateways get each service by name, the DNS server and the refresh, and no lists', () => {
    const gateways = stackProcesses(dnsOptions).filter((spec) => spec.name.startsWith('gateway'));
    expect(gateways).toHaveLength(2);
    for (const gateway of gateways) {
      expect(gateway.env).toMatchObject({
        IDENTITY_URL: 'http://svc-identity.levelup.test:4101',
        QUESTS_URL: 'http://svc-quests.levelup.test:4102',
        GOALS_URL: 'http://svc-goals.levelup.test:4103',
        COMMUNITY_URL: 'http://svc-community.levelup.test:4104',
        FEEDBACK_URL: 'http://svc-feedback.levelup.test:4105',
        UPSTREAM_DNS_SERVER: '127.0.0.1:5353',
        UPSTREAM_DNS_REFRESH_MS: '500',
      });
      expect(Object.keys(gateway.env).filter((key) => key.endsWith('_URLS'))).toEqual([]);
      expect(gateway.dnsName).toBeUndefined();
    }
    expect(() => stackProcesses({ ...dnsOptions, dnsServer: undefined })).toThrow(/DNS server/);
  });

  it('when discovery is left out, then the instances are on 127.0.0.1 with their own ports, as before', () => {
    const specs = stackProcesses({ ...options, scale: { 'svc-quests': 2 } });
    for (const spec of specs) {
      expect(spec.host).toBe('127.0.0.1');
      expect(spec.dnsName).toBeUndefined();
    }
    const gateway = specs.find((spec) => spec.name === 'gateway')!;
    expect(gateway.env.QUESTS_URL).toBe('http://127.0.0.1:4102');
    expect(gateway.env.UPSTREAM_DNS_SERVER).toBeUndefined();
  });
});
