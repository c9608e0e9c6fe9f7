import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { exportRow } from './data-export.ts';

describe('exportRow', () => {
  it('puts id first, writes dates as ISO and ObjectIds as hex, and leaves the outbox out', () => {
    const id = new Types.ObjectId();
    const other = new Types.ObjectId();
    expect(
      exportRow({
        title: 'Walk',
        _id: id,
        createdAt: new Date('2026-11-23T08:00:00Z'),
        links: [{ goalId: other, at: new Date('2026-11-22T00:00:00Z') }],
        outbox: [{ id: 'e1' }],
        outboxLockedUntil: null,
        __v: 0,
      }),
    ).toEqual({
      id: id.toHexString(),
      title: 'Walk',
      createdAt: '2026-11-23T08:00:00.000Z',
      links: [{ goalId: other.toHexString(), at: '2026-11-22T00:00:00.000Z' }],
    });
    expect(Object.keys(exportRow({ title: 'x', _id: 'a' }))[0]).toBe('id');
  });

  it('leaves out the fields it is told to', () => {
    expect(
      exportRow({ _id: 'u1', username: 'ada', passwordHash: 'secret' }, ['passwordHash']),
    ).toEqual({ id: 'u1', username: 'ada' });
  });
});
