/**
 * Every public route, read from the services themselves: each service's createApp() is built (against
 * throwaway databases) and the @koa/router stacks in its middleware are walked, so a new route is fuzzed
 * without anyone adding it here. The contracts' API table adds the calls no service serves yet (the
 * gateway or the service must still answer them without a 5xx).
 */
import type Koa from 'koa';
import { API, type ApiOperation } from '@levelup/contracts';
import { connectBus, connectMongo } from '@levelup/service-kit';
import { createApp as createCommunity } from '../../svc-community/src/index.ts';
import { createApp as createFeedback } from '../../svc-feedback/src/index.ts';
import { createApp as createGoals } from '../../svc-goals/src/index.ts';
import { createApp as createIdentity } from '../../svc-identity/src/index.ts';
import { createApp as createQuests } from '../../svc-quests/src/index.ts';

export interface CataloguedRoute {
  method: string;
  /** Koa-router style, `:id` for parameters. */
  path: string;
  /** Where it was found: a service's router, or only the contracts' API table. */
  servedBy: string | undefined;
  /** The contract of the same method and path, when there is one (body and query schemas). */
  contract: ApiOperation | undefined;
}

interface LayerLike {
  path: string;
  methods: string[];
}

function routesOf(app: Koa): Array<{ method: string; path: string }> {
  return app.middleware.flatMap((middleware) => {
    const router = (middleware as { router?: { stack?: LayerLike[] } }).router;
    return (router?.stack ?? []).flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, path: layer.path })),
    );
  });
}

const SERVICES = {
  'svc-identity': createIdentity,
  'svc-quests': createQuests,
  'svc-goals': createGoals,
  'svc-community': createCommunity,
  'svc-feedback': createFeedback,
} as const;

export async function catalogueRoutes(mongoUrl: string, natsUrl: string) {
  const bus = await connectBus(natsUrl, 'faults-route-catalogue');
  const routes = new Map<string, CataloguedRoute>();
  const contracts = Object.values(API) as ApiOperation[];
  const contractOf = (method: string, path: string) =>
    contracts.find((operation) => operation.method === method && operation.path === path);
  try {
    for (const [service, createApp] of Object.entries(SERVICES)) {
      const db = await connectMongo(mongoUrl, `faults_routes_${service.replace('-', '_')}`);
      try {
        const app = await createApp({
          db,
          bus,
          identitySecret: 'faults-route-catalogue-secret',
          sessionKeys: ['faults-route-catalogue-key'],
        });
        // Only /api is public: the gateway never forwards /internal/* to a service.
        for (const { method, path } of routesOf(app).filter((r) => r.path.startsWith('/api/'))) {
          routes.set(`${method} ${path}`, {
            method,
            path,
            servedBy: service,
            contract: contractOf(method, path),
          });
        }
      } finally {
        await db.dropDatabase();
        await db.close();
      }
    }
  } finally {
    await bus.close();
  }
  for (const operation of contracts) {
    const key = `${operation.method} ${operation.path}`;
    if (!routes.has(key)) {
      routes.set(key, {
        method: operation.method,
        path: operation.path,
        servedBy: undefined,
        contract: operation,
      });
    }
  }
  return [...routes.values()];
}
