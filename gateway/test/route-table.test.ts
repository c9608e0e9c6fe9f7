import { describe, expect, it } from 'vitest';
import { API } from '@levelup/contracts';
import { API_ROUTES, findApiRoute } from '../src/route-table.ts';

/** The gateway answers these itself; every other contract operation is some service's. */
const GATEWAY_OWN = new Set<string>([API.openApiDocument.path, API.apiDocs.path]);

describe('route table against the contract', () => {
  const paths = [...new Set(Object.values(API).map((op) => op.path))];

  it('when a contract operation is not the gateway own, then the table sends it to a service', () => {
    const unrouted = paths.filter((path) => !GATEWAY_OWN.has(path) && !findApiRoute(path));
    expect(unrouted).toEqual([]);
  });

  it('when a prefix is in the table, then at least one contract operation is under it', () => {
    const unused = API_ROUTES.filter(
      (route) => !paths.some((path) => findApiRoute(path)?.prefix === route.prefix),
    ).map((route) => route.prefix);
    expect(unused).toEqual([]);
  });
});
