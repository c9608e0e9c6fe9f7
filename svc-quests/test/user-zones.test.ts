import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, type Connection } from 'mongoose';
import { STREAMS, makeEvent } from '@levelup/contracts';
import { createLogger } from '@levelup/service-kit';
import {
  connectTestDeps,
  eventually,
  removeTestStreams,
  startTestInfra,
  type TestDeps,
  type TestInfra,
} from '@levelup/service-kit/testing';
import { questsModels } from '../src/quests/models.ts';
import { userZones } from '../src/users/user-zones.ts';
import { followZoneEvents } from '../src/users/zone-events.ts';

let infra: TestInfra;
let deps: TestDeps;
/** A connection of its own with the driver's command monitoring: what reaches the server. */
let watched: Connection;
const zoneReads: string[] = [];

beforeAll(async () => {
  infra = await startTestInfra();
  deps = await connectTestDeps(infra, 'levelup_quests_zones', 'svc-quests-zones-test');
  await deps.bus.ensureStream(STREAMS.IDENTITY);
  watched = createConnection(infra.mongoUrl, {
    dbName: infra.dbName('levelup_quests_zones'),
    monitorCommands: true,
  });
  await watched.asPromise();
  watched.getClient().on('commandStarted', (started) => {
    if (started.commandName === 'find' && started.command.find === 'user_zones') {
      zoneReads.push(String(started.command.filter?._id));
    }
  });
});
afterAll(async () => {
  await watched.close();
  await deps.close();
  await removeTestStreams(infra);
  await infra.stop();
});

describe('users time zones in memory', () => {
  it('when a user completes again and again, then their zone is read from the database once', async () => {
    const models = questsModels(watched);
    await models.UserZone.create({ _id: 'zone-once', timeZone: 'Asia/Tokyo' });
    const zones = userZones(models);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await zones.timeZoneOf('zone-once'));
    expect(answers).toEqual(Array(5).fill('Asia/Tokyo'));
    expect(zoneReads.filter((id) => id === 'zone-once')).toHaveLength(1);
  });

  it('when another instance applied a zone change, then this one follows it from the event alone', async () => {
    const models = questsModels(watched);
    await models.UserZone.create({ _id: 'zone-moves', timeZone: 'Europe/Paris' });
    const zones = userZones(models);
    const following = followZoneEvents(deps.bus, zones, createLogger('zones-test'));
    try {
      expect(await zones.timeZoneOf('zone-moves')).toBe('Europe/Paris');
      // Nothing here applies it to the database: only the fan-out to every instance can tell this one.
      await deps.bus.publish(
        makeEvent('identity.user_renamed', {
          userId: 'zone-moves',
          username: 'moves',
          displayName: 'Moves',
          timeZone: 'America/Chicago',
        }),
      );
      const zone = await eventually(
        () => zones.timeZoneOf('zone-moves'),
        (value) => value === 'America/Chicago',
      );
      expect(zone).toBe('America/Chicago');
      // A rename that leaves the zone alone keeps it.
      await deps.bus.publish(
        makeEvent('identity.user_renamed', {
          userId: 'zone-moves',
          username: 'moved',
          displayName: 'Moved',
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await zones.timeZoneOf('zone-moves')).toBe('America/Chicago');
      expect(zoneReads.filter((id) => id === 'zone-moves')).toHaveLength(1);
    } finally {
      following.stop();
    }
  });

  it('when the consumer applies a zone change, then the next read answers the new zone', async () => {
    const models = questsModels(watched);
    const zones = userZones(models);
    expect(await zones.timeZoneOf('zone-applied')).toBe('UTC');
    await zones.apply(
      makeEvent('identity.user_registered', {
        userId: 'zone-applied',
        username: 'applied',
        displayName: 'Applied',
        timeZone: 'Australia/Sydney',
      }),
    );
    expect(await zones.timeZoneOf('zone-applied')).toBe('Australia/Sydney');
    expect(zoneReads.filter((id) => id === 'zone-applied')).toHaveLength(1);
  });
});
