import { EVENTS } from '@levelup/contracts';
import { subscribeEvents, type EventSubscription, type Logger } from '@levelup/service-kit';
import type { GatewayConfig } from './config.ts';
import type { SessionResolver } from './session-resolver.ts';

/**
 * identity.session_revoked from svc-identity, to every gateway instance (a core NATS subscription: each
 * instance gets each event; nothing durable is shared). The session is dropped from this gateway's cache
 * at once, so a signed-out session is refused within a second even while svc-identity is away.
 *
 * While the subscription is in place the resolver reuses each answer for SESSION_CACHE_FOLLOWED_MS (minutes)
 * instead of SESSION_CACHE_MS (seconds): any sign-out or role change arrives as an event.
 *
 * Trade-off: while NATS is away revocations cannot arrive. The gateway keeps working, answers are reused
 * for SESSION_CACHE_MS only, and those verified before the feed came back are asked again; a stale
 * session is only served while svc-identity itself does not answer, so a revocation missed then is one
 * that happened during a double outage (NATS and svc-identity), bounded by SESSION_STALE_MS.
 */
export function subscribeRevocations(
  config: Pick<GatewayConfig, 'NATS_URL' | 'NATS_NAMESPACE'>,
  sessions: Pick<SessionResolver, 'revoke' | 'followRevocations'>,
  logger: Logger,
): EventSubscription {
  return subscribeEvents({
    url: config.NATS_URL,
    name: 'gateway',
    event: EVENTS.sessionRevoked,
    namespace: config.NATS_NAMESPACE,
    logger,
    onConnection: (connected) => sessions.followRevocations(connected),
    onEvent(event) {
      const dropped = sessions.revoke(event.data);
      logger.info('session revoked', { reason: event.data.reason, dropped });
    },
  });
}
