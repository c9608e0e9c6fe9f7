import { z } from 'zod';
import { API, type ApiOperation } from './api.ts';
import { CALENDAR_FEED_PATH } from './calendar-feed/feed.ts';
import { apiErrorSchema } from './common/errors.ts';

/** The session cookie svc-identity sets at sign-in (svc-identity/src/sessions/session.ts). */
const SESSION_COOKIE = 'levelup.sid';
/** Calls a visitor may make without a session. */
const PUBLIC_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/login',
  '/api/login/callback',
  '/api/logout',
  '/api/auth/verify-email',
  '/api/openapi.json',
  '/api/docs',
  CALENDAR_FEED_PATH,
]);

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client sends or receives. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The top-level properties of an object schema (path and query parameters). */
function properties(schema: z.ZodType): { name: string; schema: JsonSchema; required: boolean }[] {
  const json = jsonSchema(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, value]) => ({
    name,
    schema: value,
    required: required.has(name),
  }));
}

function operationObject(name: string, op: ApiOperation) {
  const pathParams = [...op.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const declared = op.params ? properties(op.params) : [];
  const parameters = [
    ...pathParams.map((param) => ({
      name: param,
      in: 'path',
      required: true,
      schema: declared.find((p) => p.name === param)?.schema ?? { type: 'string' },
    })),
    ...(op.query ? properties(op.query) : []).map((p) => ({
      name: p.name,
      in: 'query',
      required: p.required,
      schema: p.schema,
    })),
  ];
  const error = {
    description: 'The error shape of every service',
    content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } },
  };
  return {
    operationId: name,
    tags: [op.path.split('/')[2] ?? 'api'],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
          },
        }
      : {}),
    responses: {
      ...(op.response
        ? {
            '2XX': {
              description: 'Success',
              content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
            },
          }
        : op.stream || op.document
          ? {
              '200': {
                description: op.stream ? 'A stream of Server-Sent Events' : 'A document',
                content: { [(op.stream ?? op.document)!]: { schema: { type: 'string' } } },
              },
            }
          : op.redirect
            ? { '3XX': { description: 'A redirect the browser follows' } }
            : op.page
              ? {
                  '200': {
                    description: 'A page',
                    content: { 'text/html': { schema: { type: 'string' } } },
                  },
                }
              : { '204': { description: 'Done, no body' } }),
      '4XX': error,
      '5XX': error,
    },
    ...(PUBLIC_PATHS.has(op.path) ? { security: [] } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of every call, generated from the contracts' own schemas, so it
 * cannot drift from what the services parse and answer. The gateway serves it at /api/openapi.json.
 */
export function openApiDocument(
  api: Record<string, ApiOperation> = API,
  info = { title: 'Level Up API', version: '1.0.0' },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, op] of Object.entries(api)) {
    const path = op.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operationObject(name, op);
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Every call of Level Up through its gateway. Signed-in calls carry the session cookie set by sign-in.',
    },
    servers: [{ url: '/' }],
    security: [{ sessionCookie: [] }],
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
    paths,
  };
}
