import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function linesOf(
  log: (logger: ReturnType<typeof createLogger>) => void,
): Array<Record<string, unknown>> {
  const lines: string[] = [];
  log(createLogger('svc-test', (line) => lines.push(line), 'debug'));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('logger', () => {
  it('when fields hold a cookie, a password, a token or a secret, at the top or one level down, then the line says [redacted] and the caller keeps its object', () => {
    const fields = {
      password: 'hunter2',
      headers: { Cookie: 'levelup.sid=abc', accept: 'application/json' },
      body: { username: 'ada', newPassword: 'n3w', currentPassword: 'old' },
      authorization: 'Bearer xyz',
      route: '/api/auth/login',
    };
    const [line] = linesOf((logger) => logger.info('sign-in', fields));
    expect(line).toMatchObject({
      level: 'info',
      name: 'svc-test',
      msg: 'sign-in',
      password: '[redacted]',
      headers: { Cookie: '[redacted]', accept: 'application/json' },
      body: { username: 'ada', newPassword: '[redacted]', currentPassword: '[redacted]' },
      authorization: '[redacted]',
      route: '/api/auth/login',
    });
    expect(JSON.stringify(line)).not.toMatch(/hunter2|abc|n3w|old"|xyz/);
    expect(fields.password).toBe('hunter2');
    expect(fields.headers.Cookie).toBe('levelup.sid=abc');
  });

  it('when a field is an Error, then its name, message and stack are written', () => {
    const [line] = linesOf((logger) => logger.error('failed', { error: new TypeError('boom') }));
    expect(line!.error).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(String((line!.error as { stack: string }).stack)).toContain('TypeError: boom');
  });

  it('when the message, a field, a nested field or an error names a URL with a secret in it, then the secret is redacted and the rest kept', () => {
    const [line] = linesOf((logger) =>
      logger.warn('open http://x/api/auth/verify-email?token=t0k3n', {
        path: '/api/calendar/f33d.ics',
        request: { url: '/api/login/callback?code=c0d3&state=st4t3' },
        error: new Error('failed /api/calendar/f33d.ics'),
      }),
    );
    expect(line).toMatchObject({
      msg: 'open http://x/api/auth/verify-email?token=[redacted]',
      path: '/api/calendar/[redacted]',
      request: { url: '/api/login/callback?code=[redacted]&state=[redacted]' },
      error: { message: 'failed /api/calendar/[redacted]' },
    });
    expect(JSON.stringify(line)).not.toMatch(/t0k3n|f33d|c0d3|st4t3/);
  });

  it('when a line is below the level, then nothing is written', () => {
    const lines: string[] = [];
    createLogger('svc-test', (line) => lines.push(line), 'warn').info('quiet');
    expect(lines).toEqual([]);
  });
});
