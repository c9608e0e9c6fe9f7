import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiOperation } from '@levelup/contracts';
import { mockFetch } from '../testing/mock-fetch.ts';
import { ContractError, call, callOr401, queryKeyOf, queryOf, readsOf } from './call.ts';

const toggle = {
  method: 'POST',
  path: '/api/things/:id/toggle',
  params: z.object({ id: z.string() }),
  response: z.object({ id: z.string(), done: z.boolean() }),
} as const satisfies ApiOperation;
const list = {
  method: 'GET',
  path: '/api/things',
  query: z.object({ from: z.string().optional(), tag: z.array(z.string()).optional() }),
  response: z.array(z.object({ id: z.string() })),
} as const satisfies ApiOperation;
const rename = {
  method: 'PATCH',
  path: '/api/things/:id',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string() }),
} as const satisfies ApiOperation;

describe('call: a client call made from its contract operation', () => {
  it('when an operation has path parameters, then they are filled in and encoded, with the contract method', async () => {
    const { calls } = mockFetch({
      'POST /api/things/a%20b/toggle': { body: { id: 'a b', done: true } },
    });
    const answer = await call(toggle, { params: { id: 'a b' } });
    expect(answer.done).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('when the answer is not what the response schema says, then the call fails naming the operation and the field, and nothing reaches the caller', async () => {
    mockFetch({ 'POST /api/things/t1/toggle': { body: { id: 't1', done: 'yes' } } });
    const failure = await call(toggle, { params: { id: 't1' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractError);
    expect((failure as Error).message).toBe(
      'The answer to POST /api/things/:id/toggle does not match its contract (done: Invalid input: expected boolean, received string)',
    );
  });

  it("when the response schema has defaults and transforms, then the caller gets the schema's output", async () => {
    const dated = {
      method: 'GET',
      path: '/api/dated',
      response: z.object({
        at: z.string().transform((s) => s.slice(0, 4)),
        tags: z.array(z.string()).default([]),
      }),
    } as const satisfies ApiOperation;
    mockFetch({ 'GET /api/dated': { body: { at: '2026-11-29' } } });
    expect(await call(dated)).toEqual({ at: '2026', tags: [] });
  });

  it('when a read is made with queryOf, then its key is the URL and its function calls it checked by the schema', async () => {
    mockFetch({ 'GET /api/things': { body: [{ id: 'a' }, { id: 2 }] } });
    const query = queryOf(list, { query: { from: '2026-01-01' } });
    expect(query.queryKey).toEqual(['/api/things?from=2026-01-01']);
    await expect((query.queryFn as () => Promise<unknown>)()).rejects.toThrow(
      'The answer to GET /api/things does not match its contract (1.id:',
    );
  });

  it('when an operation has a body, then it is sent as JSON', async () => {
    const { calls } = mockFetch({ 'PATCH /api/things/t1': { body: { id: 't1', name: 'N' } } });
    await call(rename, { params: { id: 't1' }, body: { name: 'N' } });
    expect(calls[0]?.body).toEqual({ name: 'N' });
  });

  it('when a read has a query, then its key is the URL it fetches, undefined values left out', () => {
    expect(queryKeyOf(list)).toEqual(['/api/things']);
    expect(queryKeyOf(list, { query: { from: '2026-01-01', tag: ['a', 'b'] } })).toEqual([
      '/api/things?from=2026-01-01&tag=a&tag=b',
    ]);
    expect(queryKeyOf(list, { query: { from: undefined } })).toEqual(['/api/things']);
  });

  it('when reads are invalidated by operation, then every parameter of that operation matches and no other', () => {
    const matches = readsOf(rename);
    expect(matches({ queryKey: ['/api/things/t1'] })).toBe(true);
    expect(matches({ queryKey: ['/api/things/t1?x=1'] })).toBe(true);
    expect(matches({ queryKey: ['/api/things/t1/toggle'] })).toBe(false);
    expect(matches({ queryKey: ['/api/things'] })).toBe(false);
    expect(readsOf(list)({ queryKey: ['/api/things?from=x'] })).toBe(true);
  });

  it('when several operations are given, then reads of any of them match', () => {
    const matches = readsOf(rename, toggle);
    expect(matches({ queryKey: ['/api/things/t1'] })).toBe(true);
    expect(matches({ queryKey: ['/api/things/t1/toggle'] })).toBe(true);
    expect(matches({ queryKey: ['/api/things'] })).toBe(false);
  });

  it('when a read answers 401, then callOr401 gives null or an empty list; other failures are thrown', async () => {
    mockFetch({ 'GET /api/things': { status: 401, body: { error: { code: 'x', message: 'x' } } } });
    expect(await callOr401(list, 'returnEmpty')).toEqual([]);
    expect(await callOr401(list, 'returnNull')).toBeNull();
    mockFetch({ 'GET /api/things': { status: 500, body: { error: { code: 'x', message: 'x' } } } });
    await expect(callOr401(list, 'returnEmpty')).rejects.toMatchObject({ status: 500 });
    const { calls } = mockFetch({ 'GET /api/things': { body: [{ id: 'a' }] } });
    expect(await callOr401(list, 'returnEmpty', { query: { from: 'a' } })).toEqual([{ id: 'a' }]);
    expect(calls).toHaveLength(1);
  });
});
