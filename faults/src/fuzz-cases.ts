/**
 * Hostile requests for every catalogued route: wrong types, operator objects such as {"$gt": ""} in
 * every field, bad ids (not hex, another user's, very long), bad dates and time zones, non-JSON bodies,
 * wrong content types, huge bodies and bad query strings. Every body sent to a route with a contract is
 * first checked INVALID against that contract, so anything the stack stores afterwards is a defect, not
 * a valid request that happened to be generated.
 */
import type { z } from 'zod';
import type { CataloguedRoute } from './route-catalogue.ts';

export interface FuzzCase {
  route: string;
  what: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Ids the fuzz user owns and ids of another user, by the collection a path prefix addresses. */
export interface FuzzIds {
  own: { quest: string; occurrence: string; lifeTask: string };
  other: { quest: string; occurrence: string; lifeTask: string; series: string };
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const OPERATORS: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000) || true' },
  { $regex: '.*' },
  { $expr: { $eq: [1, 1] } },
];
const WRONG_TYPES: unknown[] = [12345, true, ['x'], { nested: 'object' }, 'x'.repeat(100_000), -1];
const BAD_DATES = [
  '2026-02-30T10:00:00Z',
  '2026-02-30',
  'yesterday',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '9999999-01-01T00:00:00Z',
  '2026-01-01T25:61:00Z',
  1e20,
];
const BAD_ZONES = ['Mars/Olympus_Mons', 'UTC+25', '../../etc/passwd', '', ' UTC', 'x'.repeat(300)];

/** The object shape under a contract's transforms, defaults and optionals (zod 4 definitions). */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current && depth < 10; depth += 1) {
    const def = current._zod?.def;
    if (!def) return undefined;
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    current = (def.in ?? def.innerType ?? def.schema) as typeof current;
  }
  return undefined;
}

/** A valid value for each field name the served contracts use, so one bad field is the only fault. */
const VALID_FIELDS: Record<string, unknown> = {
  username: 'fuzz_valid_user',
  email: 'fuzz-valid@example.test',
  password: 'a-valid-password',
  displayName: 'Fuzz Valid',
  timeZone: 'Europe/Berlin',
  title: 'A valid title',
  description: 'A description long enough',
  difficulty: 'medium',
  xpReward: 25,
  timeEstimate: '10 min',
  dueDate: '2030-01-01T10:00:00.000Z',
  scheduledTime: '2030-01-01T09:00:00.000Z',
  tags: ['fuzz'],
  isOnboarding: false,
  isRecurring: false,
  timeOfDay: 'morning',
  growthPath: 'inner_growth',
  recurrenceType: 'daily',
  recurrenceInterval: 1,
  weeklyPattern: null,
  monthlyBy: 'day_of_month',
  startDate: '2030-01-01T08:00:00.000Z',
  endDate: '2030-02-01T08:00:00.000Z',
  completionType: 'completed',
  progressNotes: 'went fine',
  notes: 'some notes',
  maintenanceXp: 5,
  priority: 'medium',
  color: 'amber',
  content: 'A post',
  type: 'win',
};

/** Fields whose valid values differ between contracts (quests and series vs life tasks). */
const ALTERNATIVES: Record<string, unknown[]> = {
  category: ['other', 'personal'],
  recurrenceType: ['daily', 'weeks'],
};

function baselineFor(shape: Record<string, z.ZodType>, schema: z.ZodType) {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) if (key in VALID_FIELDS) body[key] = VALID_FIELDS[key];
  let candidates = [body];
  for (const [key, values] of Object.entries(ALTERNATIVES)) {
    if (!(key in shape)) continue;
    candidates = candidates.flatMap((candidate) =>
      values.map((value) => ({ ...candidate, [key]: value })),
    );
  }
  const valid = candidates.find((candidate) => schema.safeParse(candidate).success);
  return { body: valid ?? body, valid: valid !== undefined };
}

function idFor(path: string, ids: FuzzIds['own'] | FuzzIds['other']): string {
  if (path.startsWith('/api/quests/occurrences')) return ids.occurrence;
  if (path.startsWith('/api/life-tasks')) return ids.lifeTask;
  return ids.quest;
}

const fill = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);

/** Sign-out ends the fuzz user's session whatever is sent: a valid action, so it is left out. */
const SKIPPED = new Set(['GET /api/logout', 'POST /api/logout']);

export function fuzzCases(
  routes: CataloguedRoute[],
  ids: FuzzIds,
): { cases: FuzzCase[]; staleBaselines: string[] } {
  const cases: FuzzCase[] = [];
  const staleBaselines: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    if (SKIPPED.has(name)) continue;
    const add = (
      what: string,
      path: string,
      body?: string,
      headers: Record<string, string> = JSON_HEADERS,
    ) => cases.push({ route: name, what, method: route.method, path, headers, body });
    const hasParams = route.path.includes(':');
    const otherId = idFor(route.path, ids.other);
    const badIds = [
      ['not hex', 'not-an-id'],
      ['24 characters, not hex', 'zzzzzzzzzzzzzzzzzzzzzzzz'],
      ["another user's id", otherId],
      ['all zeros', '000000000000000000000000'],
      ['very long', 'a'.repeat(4000)],
      ['operator', encodeURIComponent('{"$gt":""}')],
      ['dollar', '%24where'],
      ['dots', '..%2F..%2Fadmin'],
    ] as const;
    // Without a usable id only the bad ones are tried; a valid id goes with invalid bodies only.
    const paths = hasParams
      ? badIds.map(([what, id]) => ({ what: `id ${what}`, path: fill(route.path, id) }))
      : [{ what: 'path', path: route.path }];
    const bodySchema = route.contract?.body;
    const unsafe = route.method !== 'GET' && route.method !== 'DELETE';

    if (route.method === 'GET') {
      const querySchema = route.contract?.query;
      const keys = Object.keys(shapeOf(querySchema) ?? {});
      const values = [...BAD_DATES.map(String), 'abc', '-1', '1e309', 'true&x=', '%00'];
      for (const { what, path } of paths) add(`${what}, no query`, path);
      const base = paths[0]!.path;
      for (const key of keys) {
        for (const value of values) {
          const query = `${key}=${encodeURIComponent(value)}`;
          if (querySchema?.safeParse({ [key]: value }).success) continue;
          add(`query ${key}=${value.slice(0, 30)}`, `${base}?${query}`);
        }
        add(`query ${key}[$gt]=`, `${base}?${key}%5B%24gt%5D=`);
        add(`query ${key} twice`, `${base}?${key}=a&${key}=b`);
      }
      add('query operator keys', `${base}?%24where=1&__proto__%5Bx%5D=1&a%5B%24gt%5D=`);
      add('query very long', `${base}?q=${'x'.repeat(6000)}`);
      continue;
    }

    // Bodies every route must refuse: never an object a body-less route could take as valid.
    const generic: Array<[string, string, Record<string, string>?]> = [
      ['not JSON', '{"title": "x",'],
      ['JSON array', '[1,2,3]'],
      ['JSON string', '"text"'],
      ['JSON number', '12'],
      ['JSON null', 'null'],
      ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['JSON as text/plain', '{"$gt":""}', { 'content-type': 'text/plain' }],
      ['form encoded', 'title=x&%24gt=', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['2 MB JSON', JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) })],
    ];
    for (const { what, path } of paths) {
      for (const [bodyWhat, body, headers] of generic) {
        add(`${what}, ${bodyWhat}`, path, body, headers ?? JSON_HEADERS);
      }
    }
    // 20 MB once per route (it costs the most), with the first path.
    add('20 MB JSON', paths[0]!.path, JSON.stringify({ title: 'x'.repeat(20 * 1024 * 1024) }));
    if (hasParams) {
      for (const operator of OPERATORS) {
        add(`id not hex, operator body`, paths[0]!.path, JSON.stringify({ field: operator }));
        add(
          `another user's id, operator body`,
          fill(route.path, otherId),
          JSON.stringify(operator),
        );
      }
    }

    const shape = shapeOf(bodySchema);
    if (!bodySchema || !shape || !route.servedBy || !unsafe) continue;
    const { body: baseline, valid } = baselineFor(shape, bodySchema);
    if (!valid) staleBaselines.push(name);
    // The user's own id, so the request gets past the id to the body's validation.
    const target = hasParams ? fill(route.path, idFor(route.path, ids.own)) : route.path;
    for (const key of Object.keys(shape)) {
      const variants: Array<[string, unknown]> = [
        ...OPERATORS.map(
          (value) => [`operator ${JSON.stringify(value)}`, value] as [string, unknown],
        ),
        ...WRONG_TYPES.map(
          (value) =>
            [`wrong type ${JSON.stringify(value).slice(0, 20)}`, value] as [string, unknown],
        ),
      ];
      if (/date|time$/i.test(key) && key !== 'timeZone') {
        variants.push(
          ...BAD_DATES.map((value) => [`bad date ${value}`, value] as [string, unknown]),
        );
      }
      if (key === 'timeZone') {
        variants.push(
          ...BAD_ZONES.map(
            (value) => [`bad zone '${value.slice(0, 20)}'`, value] as [string, unknown],
          ),
        );
      }
      for (const [what, value] of variants) {
        const body = { ...baseline, [key]: value };
        if (bodySchema.safeParse(body).success) continue;
        add(`${key}: ${what}`, target, JSON.stringify(body));
      }
    }
    const whole: Array<[string, string]> = [
      ['operator keys at the top', JSON.stringify({ $set: { xp: 1e9 }, $where: '1' })],
      ['prototype pollution', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
    ];
    for (const [what, body] of whole) {
      if (!bodySchema.safeParse(JSON.parse(body)).success) add(what, target, body);
    }
  }
  return { cases, staleBaselines };
}
