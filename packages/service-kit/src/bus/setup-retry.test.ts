import { RequestError, TimeoutError } from '@nats-io/transport-node';
import { JetStreamApiError } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../telemetry/logger.ts';
import { isTransientSetupError, retryWhileUnavailable } from './setup-retry.ts';

function recordingLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger('test', (line) => lines.push(line), 'info') };
}

const unavailable = () =>
  new JetStreamApiError({
    code: 503,
    err_code: 10008,
    description: 'JetStream system temporarily unavailable',
  });

describe('a stream or consumer set-up while JetStream cannot answer yet', () => {
  it('when a step times out twice (a cluster electing its leaders), then it is asked again and its answer returned, each wait logged', async () => {
    const { lines, logger } = recordingLogger();
    let calls = 0;
    const answer = await retryWhileUnavailable(
      'stream QUESTS',
      async () => {
        calls += 1;
        if (calls === 1) throw new TimeoutError();
        if (calls === 2) throw unavailable();
        return 'created';
      },
      logger,
    );
    expect(answer).toBe('created');
    expect(calls).toBe(3);
    expect(lines.filter((line) => line.includes('asking again'))).toHaveLength(2);
  });

  it('when a step is refused for a reason that does not pass (a wrong configuration), then it is thrown at once', async () => {
    const { logger } = recordingLogger();
    const wrong = new JetStreamApiError({
      code: 400,
      err_code: 10052,
      description: 'replicas > 1 not supported in non-clustered mode',
    });
    let calls = 0;
    await expect(
      retryWhileUnavailable(
        'stream QUESTS',
        async () => {
          calls += 1;
          throw wrong;
        },
        logger,
      ),
    ).rejects.toBe(wrong);
    expect(calls).toBe(1);
  });

  it('when JetStream stays unavailable past the limit, then the last error is thrown', async () => {
    const { logger } = recordingLogger();
    let calls = 0;
    await expect(
      retryWhileUnavailable(
        'consumer svc-goals-quests of QUESTS',
        async () => {
          calls += 1;
          throw new TimeoutError();
        },
        logger,
        600,
      ),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(3);
  });

  it('when the errors are told apart, then timeouts, missing responders and 503s pass and the rest do not', () => {
    expect(isTransientSetupError(new TimeoutError())).toBe(true);
    expect(isTransientSetupError(new RequestError('timeout', { cause: new TimeoutError() }))).toBe(
      true,
    );
    expect(isTransientSetupError(unavailable())).toBe(true);
    expect(isTransientSetupError(new Error('stream name already in use'))).toBe(false);
  });
});
