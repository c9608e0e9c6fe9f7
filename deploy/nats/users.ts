/**
 * Who may do what on NATS: one user per workload, each allowed exactly the subjects its code uses, and
 * the authorization block of the server's configuration (deploy/nats/auth.conf) rendered from it.
 *
 * What each entry lists comes from the workload's own start-up (its startWorkers): the streams it
 * ensures (its own, and those it consumes from, so start-up order does not matter), its durable
 * consumers and the core subjects it publishes or hears. deploy/test/nats-auth.test.ts starts each
 * service's real workers as its user against a real server, so an entry that misses something fails
 * there. Adding a service: docs/operations.md, "NATS users".
 */
import { randomBytes } from 'node:crypto';

/** A durable pull consumer: the stream it reads and its durable name. */
export interface DurableConsumer {
  stream: string;
  durable: string;
}

export interface NatsWorkload {
  /** The NATS user name: the workload's name. */
  user: string;
  /** The stream whose subjects it publishes events on (its own domain), if any. */
  ownStream?: { name: string; subjects: string[] };
  /** Every stream it creates or brings to its settings at start-up (its own included). */
  ensures: string[];
  consumers: DurableConsumer[];
  /** Core NATS subjects it publishes on (no stream stores them). */
  corePublish?: string[];
  /** Core NATS subjects it hears (every instance hears every message). */
  coreSubscribe?: string[];
  /** JetStream key-value buckets it keeps (the stream KV_<bucket> on $KV.<bucket>.>). */
  kvBuckets?: string[];
}

export const WORKLOADS: readonly NatsWorkload[] = [
  {
    user: 'gateway',
    ensures: [],
    consumers: [],
    // Sign-outs: every gateway drops a revoked session from its cache.
    coreSubscribe: ['identity.session_revoked'],
    // The rate limits shared by every gateway instance.
    kvBuckets: ['gateway_limits'],
  },
  {
    user: 'svc-identity',
    ownStream: { name: 'IDENTITY', subjects: ['identity.>'] },
    ensures: ['IDENTITY', 'QUESTS', 'COMMUNITY'],
    consumers: [
      { stream: 'QUESTS', durable: 'svc-identity' },
      { stream: 'COMMUNITY', durable: 'svc-identity' },
      { stream: 'QUESTS', durable: 'svc-identity-reminders' },
      { stream: 'COMMUNITY', durable: 'svc-identity-reminders-community' },
    ],
  },
  {
    user: 'svc-quests',
    ownStream: { name: 'QUESTS', subjects: ['quests.>'] },
    ensures: ['QUESTS', 'IDENTITY', 'GOALS', 'COMMUNITY'],
    consumers: [
      { stream: 'IDENTITY', durable: 'svc-quests' },
      { stream: 'GOALS', durable: 'svc-quests-goals' },
      { stream: 'QUESTS', durable: 'svc-quests-life-task-history' },
      { stream: 'QUESTS', durable: 'svc-quests-life-task-undo-history' },
      { stream: 'COMMUNITY', durable: 'svc-quests-co-focus' },
    ],
    // Every instance follows zone changes at once, besides the durable read model.
    coreSubscribe: ['identity.user_registered', 'identity.user_renamed'],
  },
  {
    user: 'svc-goals',
    ownStream: { name: 'GOALS', subjects: ['goals.>'] },
    ensures: ['GOALS', 'QUESTS'],
    consumers: [
      { stream: 'QUESTS', durable: 'svc-goals-quests' },
      { stream: 'GOALS', durable: 'svc-goals-progress-history' },
    ],
  },
  {
    user: 'svc-community',
    ownStream: { name: 'COMMUNITY', subjects: ['community.>'] },
    ensures: ['COMMUNITY', 'IDENTITY', 'QUESTS'],
    consumers: [
      { stream: 'IDENTITY', durable: 'svc-community' },
      { stream: 'QUESTS', durable: 'svc-community' },
      { stream: 'QUESTS', durable: 'svc-community-co-focus' },
    ],
    // Live room events fan out to every instance on one core subject per room.
    corePublish: ['rooms.*'],
    coreSubscribe: ['rooms.*'],
  },
  {
    user: 'svc-feedback',
    // No event of its own yet; the stream is its domain's, so it is the one it may publish on.
    ownStream: { name: 'FEEDBACK', subjects: ['feedback.>'] },
    ensures: ['FEEDBACK', 'IDENTITY'],
    consumers: [{ stream: 'IDENTITY', durable: 'svc-feedback' }],
  },
];

/**
 * The operator's user (npm run events: dead letters, replays, rebuilds from any stream): everything.
 * Only a person at a shell uses it; no workload is given its password.
 */
export const OPS_USER = 'ops';

/**
 * A fresh password for a NATS user. The server reads `$NATS_PASSWORD_<USER>` from its environment as a
 * configuration value, not as plain text: one starting with a digit is taken for a number or a date
 * (and the server does not start). So a letter first, then hex: also safe inside a URL unescaped.
 */
export function natsPassword(): string {
  return `n${randomBytes(24).toString('hex')}`;
}

/** The environment variable the server reads a user's password from: NATS_PASSWORD_SVC_QUESTS. */
export const passwordEnvOf = (user: string) =>
  `NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`;

const DEAD_LETTERS = 'DEADLETTER';
const api = (rest: string) => `$JS.API.${rest}`;

/** What one durable consumer needs: its own consumer, and its dead letters' record and replays. */
function consumerSubjects({ stream, durable }: DurableConsumer): string[] {
  const replay = `replay_${stream}_${durable}`;
  const own = (s: string, d: string) => [
    api(`CONSUMER.INFO.${s}.${d}`),
    // Created with its filter subject in the API subject (nats-server 2.9+), or without one.
    api(`CONSUMER.CREATE.${s}.${d}`),
    api(`CONSUMER.CREATE.${s}.${d}.>`),
    api(`CONSUMER.DURABLE.CREATE.${s}.${d}`),
    api(`CONSUMER.MSG.NEXT.${s}.${d}`),
    // ack, nak, term and "still working" go to the message's reply subject.
    `$JS.ACK.${s}.${d}.>`,
  ];
  return [
    ...own(stream, durable),
    ...own(DEAD_LETTERS, replay),
    `deadletter.record.${stream}.${durable}`,
  ];
}

function streamSubjects(stream: string): string[] {
  return ['INFO', 'CREATE', 'UPDATE'].map((verb) => api(`STREAM.${verb}.${stream}`));
}

function kvSubjects(bucket: string): string[] {
  const stream = `KV_${bucket}`;
  return [
    ...streamSubjects(stream),
    api(`STREAM.MSG.GET.${stream}`),
    api(`DIRECT.GET.${stream}`),
    api(`DIRECT.GET.${stream}.>`),
    `$KV.${bucket}.>`,
  ];
}

/** The subjects a workload may publish on, sorted and without repeats. */
export function publishAllowOf(workload: NatsWorkload): string[] {
  const hasConsumers = workload.consumers.length > 0;
  const subjects = [
    // Account information, asked when a JetStream manager is made.
    api('INFO'),
    ...(workload.ownStream?.subjects ?? []),
    ...workload.ensures.flatMap(streamSubjects),
    // The dead letters: ensured by every consumer, a replayed record removed once handled.
    ...(hasConsumers
      ? [...streamSubjects(DEAD_LETTERS), api(`STREAM.MSG.DELETE.${DEAD_LETTERS}`)]
      : []),
    ...workload.consumers.flatMap(consumerSubjects),
    ...(workload.kvBuckets ?? []).flatMap(kvSubjects),
    ...(workload.corePublish ?? []),
  ];
  return [...new Set(subjects)].sort();
}

/**
 * Where the replies to a user's requests come (JetStream's answers, and the messages its pull consumers
 * fetch): service-kit connects a signed-in user with this inbox prefix, so no user may listen on
 * another's replies, as it could with one `_INBOX.>` for all.
 */
export const inboxOf = (user: string) => `_INBOX_${user}`;

/** The subjects a workload may subscribe to: replies to its own requests, and its core subjects. */
export function subscribeAllowOf(workload: NatsWorkload): string[] {
  return [`${inboxOf(workload.user)}.>`, ...(workload.coreSubscribe ?? [])];
}

const quote = (subject: string) => JSON.stringify(subject);
const list = (subjects: string[], indent: string) =>
  `[\n${subjects.map((s) => `${indent}  ${quote(s)}`).join(',\n')}\n${indent}]`;

function userBlock(workload: NatsWorkload): string {
  const pad = '      ';
  return [
    '    {',
    `      user: ${quote(workload.user)}`,
    `      password: $${passwordEnvOf(workload.user)}`,
    '      permissions: {',
    `        publish: { allow: ${list(publishAllowOf(workload), `${pad}  `)} }`,
    `        subscribe: { allow: ${list(subscribeAllowOf(workload), `${pad}  `)} }`,
    '      }',
    '    }',
  ].join('\n');
}

/** deploy/nats/auth.conf: the users, their passwords read from the server's environment. */
export function renderAuthConf(workloads: readonly NatsWorkload[] = WORKLOADS): string {
  const ops = [
    '    {',
    `      user: ${quote(OPS_USER)}`,
    `      password: $${passwordEnvOf(OPS_USER)}`,
    '    }',
  ].join('\n');
  return [
    '# Generated by `node deploy/nats/render-auth.ts` from deploy/nats/users.ts: edit that, not this.',
    '# One NATS user per workload, allowed only the subjects its code uses; every password comes from',
    "# the server's environment (NATS_PASSWORD_<USER>), never from this file. docs/security.md says",
    '# what each user may do.',
    'authorization {',
    '  users: [',
    [...workloads.map(userBlock), ops].join(',\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
