import { describe, expect, it } from 'vitest';
import { describeDeadLetter, parseEventsCommand } from './events.ts';

describe('npm run events', () => {
  it('when the arguments name an action and filters, then they become the command', () => {
    expect(
      parseEventsCommand([
        'dead-letters',
        'replay',
        '--consumer',
        'QUESTS/svc-identity',
        '--id',
        'e1',
      ]),
    ).toEqual({
      action: 'replay',
      filter: { consumer: 'QUESTS/svc-identity', id: 'e1' },
      json: false,
    });
    expect(parseEventsCommand(['rebuild'])).toEqual({
      action: 'rebuild',
      services: ['identity', 'goals', 'community'],
    });
    expect(parseEventsCommand(['rebuild', 'community'])).toEqual({
      action: 'rebuild',
      services: ['community'],
    });
    expect(parseEventsCommand(['dead-letters', 'list', '--json'])).toEqual({
      action: 'list',
      filter: {},
      json: true,
    });
  });

  it('when the arguments are wrong, then the command says what is wrong', () => {
    expect(parseEventsCommand([])).toEqual({ error: 'unknown command (none)' });
    expect(parseEventsCommand(['rebuild', 'quests'])).toEqual({
      error: 'no read model to rebuild in quests',
    });
    expect(parseEventsCommand(['dead-letters', 'drop'])).toEqual({
      error: 'unknown dead-letters action drop',
    });
    expect(parseEventsCommand(['dead-letters', 'list', '--consumer'])).toEqual({
      error: '--consumer needs a value',
    });
    expect(parseEventsCommand(['dead-letters', 'list', '--id', '--json'])).toEqual({
      error: '--id needs a value',
    });
    expect(parseEventsCommand(['dead-letters', 'list', '--all'])).toEqual({
      error: 'unknown option --all',
    });
  });

  it('when a record is described, then the line carries its handle, consumer, event, reason and error', () => {
    const line = describeDeadLetter({
      seq: 7,
      eventId: 'e1',
      type: 'quests.completed',
      stream: 'QUESTS',
      consumer: 'svc-identity',
      service: 'svc-identity',
      streamSequence: 42,
      deliveryCount: 10,
      reason: 'max_deliveries',
      error: 'Error: refused',
      deadLetteredAt: '2026-11-25T14:00:00.000Z',
      event: null,
    });
    expect(line).toBe(
      '#7  2026-11-25T14:00:00.000Z  QUESTS/svc-identity  quests.completed  e1  max_deliveries after 10 deliveries  Error: refused',
    );
  });
});
