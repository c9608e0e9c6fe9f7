/** Brings the whole stack up: infrastructure, services, static servers, gateway; healthy or an error. */
import path from 'node:path';
import { ensureNats, ensureSecrets, startEmbeddedMongo } from './infra.ts';
import { ROOT, portOf, stackProcesses } from './stack.ts';
import { startChild, stopAll, waitForHttp } from './supervisor.ts';
import type { Child } from './supervisor.ts';

export interface RunningStack {
  gatewayUrl: string;
  natsUrl: string;
  natsNamespace: string | undefined;
  children: Child[];
  stop(): Promise<void>;
}

export async function startStack(options: {
  portOffset?: number;
  dataDir?: string;
  /** Keep MongoDB data in memory only (tests). */
  memory?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Defaults to none for the normal ports, and to `p<offset>` for a stack on offset ports. */
  natsNamespace?: string;
  log?: (line: string) => void;
}): Promise<RunningStack> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const portOffset = options.portOffset ?? 0;
  const dataDir = options.dataDir ?? path.join(ROOT, '.data');
  const children: Child[] = [];
  const stop = () => stopAll(children);

  try {
    const secrets = ensureSecrets(dataDir);
    const natsUrl = env.NATS_URL ?? 'nats://127.0.0.1:4222';
    const nats = await ensureNats(natsUrl, dataDir);
    if (nats) {
      children.push(nats);
      log(`started nats-server -js at ${natsUrl}`);
    }

    let mongoUrl = env.MONGO_URL;
    if (!mongoUrl) {
      const mongo = await startEmbeddedMongo({
        port: portOf('mongo', portOffset),
        dbPath: options.memory ? undefined : path.join(dataDir, 'mongo'),
      });
      children.push(mongo.child);
      mongoUrl = mongo.url;
    }

    const specs = stackProcesses({
      portOffset,
      mongoUrl,
      natsUrl,
      identitySecret: env.IDENTITY_SECRET ?? secrets.identitySecret,
      sessionKeys: env.SESSION_KEYS ?? secrets.sessionKeys,
      natsNamespace: options.natsNamespace ?? (portOffset === 0 ? undefined : `p${portOffset}`),
    });
    const started = specs.map((spec) => {
      const child = startChild({
        name: spec.name,
        command: process.execPath,
        args: spec.args,
        cwd: spec.cwd,
        env: spec.env,
      });
      children.push(child);
      return { spec, child };
    });
    await Promise.all(
      started.map(({ spec, child }) =>
        waitForHttp(`http://127.0.0.1:${spec.port}${spec.healthPath}`, child, 60_000),
      ),
    );
    return {
      gatewayUrl: `http://localhost:${portOf('gateway', portOffset)}`,
      natsUrl,
      natsNamespace: specs[0]?.env.NATS_NAMESPACE,
      children,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
