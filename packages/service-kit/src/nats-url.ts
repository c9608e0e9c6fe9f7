/**
 * NATS_URL as the nats client wants it. The client takes no credentials from a URL, so a user and
 * password written into it (`nats://levelup:secret@nats:4222`, as the compose file does) are taken out
 * and passed as options; several servers may be listed, comma-separated, with the credentials on any
 * of them. Without credentials the servers go through unchanged.
 */
export interface NatsConnectOptions {
  servers: string[];
  user?: string;
  pass?: string;
  /**
   * With a user: `_INBOX_<user>`, where the replies to this connection's requests come (JetStream's
   * answers, the messages a pull consumer fetches). The server can then let each user hear its own
   * replies only (deploy/nats/auth.conf), where one `_INBOX.>` for all would let any of them read the
   * events another service fetches.
   */
  inboxPrefix?: string;
}

export function natsConnectOptions(url: string): NatsConnectOptions {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = url
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean)
    .map((server) => {
      const at = server.lastIndexOf('@');
      if (at < 0) return server;
      const scheme = /^[a-z]+:\/\//i.exec(server)?.[0] ?? '';
      const [rawName, rawPassword] = splitOnce(server.slice(scheme.length, at), ':');
      const name = decodeURIComponent(rawName);
      const password = rawPassword === undefined ? undefined : decodeURIComponent(rawPassword);
      if (user !== undefined && (user !== name || pass !== password))
        throw new Error(
          'NATS_URL names two different users; give every server the same credentials',
        );
      user = name;
      pass = password;
      return scheme + server.slice(at + 1);
    });
  return {
    servers,
    ...(user !== undefined ? { user } : {}),
    ...(pass !== undefined ? { pass } : {}),
    ...(user !== undefined ? { inboxPrefix: `_INBOX_${user}` } : {}),
  };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
