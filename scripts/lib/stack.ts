/**
 * The whole Level Up stack as data: which processes exist, how each starts, where it listens and how we
 * know it is healthy. `npm start` and the end-to-end tests both start it from here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackOptions {
  /** Added to every port, so a test stack can run beside a development stack. */
  portOffset: number;
  mongoUrl: string;
  natsUrl: string;
  identitySecret: string;
  sessionKeys: string;
  /** Subject prefix and stream suffix on a shared NATS server (see service-kit's NATS_NAMESPACE). */
  natsNamespace?: string;
  /** Start the static servers of the shell and the remotes (default true); API-only suites leave them out. */
  frontends?: boolean;
}

export interface ProcessSpec {
  name: string;
  cwd: string;
  args: string[];
  port: number;
  healthPath: string;
  env: Record<string, string>;
}

export const BASE_PORTS = {
  gateway: 8080,
  'svc-identity': 4001,
  'svc-quests': 4002,
  'svc-goals': 4003,
  'svc-community': 4004,
  'svc-feedback': 4005,
  shell: 3000,
  'mfe-quests': 3001,
  'mfe-goals': 3002,
  'mfe-community': 3003,
  'mfe-progression': 3004,
  mongo: 27017,
} as const;

export const SERVICES = [
  'svc-identity',
  'svc-quests',
  'svc-goals',
  'svc-community',
  'svc-feedback',
] as const;
export const FRONTENDS = [
  'shell',
  'mfe-quests',
  'mfe-goals',
  'mfe-community',
  'mfe-progression',
] as const;

export function portOf(name: keyof typeof BASE_PORTS, offset: number): number {
  return BASE_PORTS[name] + offset;
}

const local = (port: number) => `http://127.0.0.1:${port}`;

/** Services first, then the static servers (unless left out), then the gateway (stopped in the reverse order). */
export function stackProcesses(options: StackOptions): ProcessSpec[] {
  const at = (name: keyof typeof BASE_PORTS) => portOf(name, options.portOffset);
  const shared = {
    MONGO_URL: options.mongoUrl,
    NATS_URL: options.natsUrl,
    IDENTITY_SECRET: options.identitySecret,
    ...(options.natsNamespace ? { NATS_NAMESPACE: options.natsNamespace } : {}),
  };
  const services: ProcessSpec[] = SERVICES.map((name) => ({
    name,
    cwd: path.join(ROOT, name),
    args: ['src/main.ts'],
    port: at(name),
    healthPath: '/health',
    env: {
      ...shared,
      PORT: String(at(name)),
      ...(name === 'svc-identity' ? { SESSION_KEYS: options.sessionKeys } : {}),
    },
  }));
  const frontends: ProcessSpec[] = (options.frontends === false ? [] : FRONTENDS).map((name) => ({
    name,
    cwd: path.join(ROOT, name),
    args: ['serve.ts'],
    port: at(name),
    healthPath: name === 'shell' ? '/' : '/mf-manifest.json',
    env: { PORT: String(at(name)) },
  }));
  const gateway: ProcessSpec = {
    name: 'gateway',
    cwd: path.join(ROOT, 'gateway'),
    args: ['src/main.ts'],
    port: at('gateway'),
    healthPath: '/health',
    env: {
      PORT: String(at('gateway')),
      IDENTITY_SECRET: options.identitySecret,
      IDENTITY_URL: local(at('svc-identity')),
      QUESTS_URL: local(at('svc-quests')),
      GOALS_URL: local(at('svc-goals')),
      COMMUNITY_URL: local(at('svc-community')),
      FEEDBACK_URL: local(at('svc-feedback')),
      SHELL_URL: local(at('shell')),
      REMOTE_QUESTS_URL: local(at('mfe-quests')),
      REMOTE_GOALS_URL: local(at('mfe-goals')),
      REMOTE_COMMUNITY_URL: local(at('mfe-community')),
      REMOTE_PROGRESSION_URL: local(at('mfe-progression')),
    },
  };
  return [...services, ...frontends, gateway];
}
