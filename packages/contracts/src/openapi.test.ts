import { describe, expect, it } from 'vitest';
import { API } from './api.ts';
import { openApiDocument } from './openapi.ts';

describe('openApiDocument', () => {
  const doc = openApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      path,
      method,
      op: op as Record<string, unknown>,
    })),
  );

  it('when generated, then it is OpenAPI 3.1 with one operation per call of the API table', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations).toHaveLength(Object.keys(API).length);
    expect(new Set(operations.map((o) => o.op.operationId))).toEqual(new Set(Object.keys(API)));
    expect(() => JSON.stringify(doc)).not.toThrow();
  });

  it('when a path has parameters, then each is declared as a required path parameter', () => {
    for (const { path, op } of operations) {
      const names = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]);
      const declared = ((op.parameters ?? []) as { name: string; in: string; required: boolean }[])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect(declared, path).toEqual(names);
    }
  });

  it('when a call answers with an event stream, then it is declared as text/event-stream, not as 204', () => {
    const stream = doc.paths['/api/sessions/{id}/room/events']?.get as {
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(stream.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(stream.responses).not.toHaveProperty('204');
  });

  it("when a call has a body, then its request schema is the contract's (a quest's title is required with its minimum length)", () => {
    const create = doc.paths['/api/quests']?.post as {
      requestBody: {
        content: {
          'application/json': {
            schema: { required?: string[]; properties: Record<string, { minLength?: number }> };
          };
        };
      };
    };
    const schema = create.requestBody.content['application/json'].schema;
    expect(schema.required).toContain('title');
    expect(schema.properties.title?.minLength).toBe(3);
  });

  it('when a call is public, then it needs no session; others use the session cookie', () => {
    const login = doc.paths['/api/auth/login']?.post as { security?: unknown[] };
    expect(login.security).toEqual([]);
    expect((doc.paths['/api/quests']?.get as { security?: unknown }).security).toBeUndefined();
    expect(doc.security).toEqual([{ sessionCookie: [] }]);
  });
});
