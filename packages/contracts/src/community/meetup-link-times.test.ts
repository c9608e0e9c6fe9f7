import { describe, expect, it } from 'vitest';
import { API } from '../api.ts';
import { meetupTimeLabel, zoneLabel } from './meetup-times.ts';
import {
  createMeetupRequestSchema,
  meetupDateTime,
  meetupJoinUrlSchema,
  updateMeetupJoinUrlRequestSchema,
} from './meetups.ts';

const meetup = {
  title: 'Weekly Check-in',
  theme: 'Wins',
  startsAt: '2099-11-25T00:00:00.000Z',
  platform: 'Discord',
  type: 'check-in',
};

describe('meetup join link', () => {
  it.each([
    'https://discord.gg/levelup',
    'https://zoom.us/j/123456789?pwd=abc',
    '  https://us02web.zoom.us/j/1  ',
  ])('when the link is %s, then it is accepted (trimmed)', (url) => {
    expect(meetupJoinUrlSchema.parse(url)).toBe(url.trim());
  });

  it.each([
    ['http://zoom.us/j/1', 'Meeting link must be an https:// web address'],
    ['javascript:alert(1)', 'Meeting link must be an https:// web address'],
    ['zoom.us/j/1', 'Meeting link must be an https:// web address'],
    ['https://localhost/room', 'Meeting link must be an https:// web address'],
    ['https://10.0.0.1/room', 'Meeting link must be an https:// web address'],
    ['https://me:secret@zoom.us/j/1', 'Meeting link must not contain a user name or password'],
    [`https://zoom.us/${'a'.repeat(500)}`, 'Meeting link must be 500 characters or less'],
    ['   ', 'Meeting link is required'],
  ])('when the link is %s, then it is refused with a clear message', (url, message) => {
    const result = meetupJoinUrlSchema.safeParse(url);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('when a meetup is scheduled without a link or zone, then it has none and the zone is left to the server', () => {
    const parsed = createMeetupRequestSchema.parse(meetup);
    expect(parsed.joinUrl).toBeUndefined();
    expect(parsed.timeZone).toBeUndefined();
    expect(
      createMeetupRequestSchema.parse({ ...meetup, joinUrl: 'https://discord.gg/x' }).joinUrl,
    ).toBe('https://discord.gg/x');
    expect(createMeetupRequestSchema.safeParse({ ...meetup, timeZone: 'Mars/Base' }).success).toBe(
      false,
    );
  });

  it('when a link is removed, then null is accepted and a missing field is not', () => {
    expect(updateMeetupJoinUrlRequestSchema.parse({ joinUrl: null })).toEqual({ joinUrl: null });
    expect(updateMeetupJoinUrlRequestSchema.safeParse({}).success).toBe(false);
  });

  it("when the operations are read, then Can't make it and the link edit are in the API table", () => {
    expect(API.cancelMeetupRsvp).toMatchObject({ method: 'DELETE', path: '/api/meetups/:id/rsvp' });
    expect(API.updateMeetupJoinUrl).toMatchObject({
      method: 'PUT',
      path: '/api/meetups/:id/join-url',
    });
  });
});

describe('meetup times for the viewer', () => {
  // Wednesday 18:30 in New York (EST, UTC-5) is already Thursday 00:30 in Berlin (CET, UTC+1).
  const start = new Date('2026-12-02T23:30:00Z');

  it('when a Berlin member reads a US Eastern meetup, then Berlin time comes first with the organiser day and zone beside it', () => {
    expect(meetupTimeLabel(start, 'Europe/Berlin', 'America/New_York')).toEqual({
      yours: 'Thu 3 Dec, 00:30',
      organiser: 'Wed 18:30 ET',
      text: 'Thu 3 Dec, 00:30 (your time, Europe/Berlin) · Wed 18:30 ET (organiser)',
    });
  });

  it('when both are on the same day, then the organiser side shows the time only', () => {
    const noon = new Date('2026-12-02T17:00:00Z');
    expect(meetupTimeLabel(noon, 'Europe/London', 'America/New_York').text).toBe(
      'Wed 2 Dec, 17:00 (your time, Europe/London) · 12:00 ET (organiser)',
    );
  });

  it('when the viewer is in the organiser zone, then the time is shown once', () => {
    expect(meetupTimeLabel(start, 'America/New_York').text).toBe(
      "Wed 2 Dec, 18:30 ET (your time and the organiser's)",
    );
  });

  it('when summer time differs between the zones, then each side keeps its own offset', () => {
    // 29 March 2026: Europe is on summer time (UTC+2), New York has been since 8 March (UTC-4).
    const spring = new Date('2026-03-29T23:00:00Z');
    expect(meetupTimeLabel(spring, 'Europe/Berlin').text).toBe(
      'Mon 30 Mar, 01:00 (your time, Europe/Berlin) · Sun 19:00 ET (organiser)',
    );
    expect(meetupDateTime(spring)).toEqual({ date: 'Sun, Mar 29', time: '7:00 PM' });
    expect(meetupDateTime(spring, 'Europe/Berlin')).toEqual({
      date: 'Mon, Mar 30',
      time: '1:00 AM',
    });
  });

  it("when a start falls in any month, then the viewer's side reads as the British English date and clock", () => {
    const british = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    for (let month = 0; month < 12; month += 1) {
      const start = new Date(Date.UTC(2026, month, 28, 15, 5));
      expect(meetupTimeLabel(start, 'Asia/Tokyo').yours).toBe(british.format(start));
    }
  });

  it('when a zone has a short generic name, then it is used; otherwise the zone name is', () => {
    expect(zoneLabel('America/New_York')).toBe('ET');
    expect(zoneLabel('America/Los_Angeles')).toBe('PT');
    expect(zoneLabel('Europe/Berlin')).toBe('Europe/Berlin');
  });
});
