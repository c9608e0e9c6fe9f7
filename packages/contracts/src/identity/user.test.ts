import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  usernameFrom,
} from './user.ts';
import { initials } from './initials.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('registerRequestSchema', () => {
  const valid = {
    username: 'ada',
    email: 'ada@example.com',
    password: 'secret',
    displayName: 'Ada Lovelace',
  };

  it('when a complete sign-up payload is sent, then it parses', () => {
    expect(registerRequestSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ username: 'ad' }, 'Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ displayName: '   ' }, 'Display name is required'],
    [{ displayName: undefined }, 'Display name is required'],
    [{ timeZone: 'Mars/Olympus' }, 'Please choose a valid time zone'],
  ])('when %o is sent, then the message reads %s', (override, message) => {
    expect(messages(registerRequestSchema.safeParse({ ...valid, ...override }))).toEqual([message]);
  });

  it('when a 3-character username and a 6-character password are sent, then they pass', () => {
    expect(
      registerRequestSchema.safeParse({ ...valid, username: 'abc', password: '123456' }).success,
    ).toBe(true);
  });
});

describe('loginRequestSchema', () => {
  it.each([
    [{ username: '', password: 'secret' }, ['Username is required']],
    [{ password: 'secret' }, ['Username is required']],
    [{ username: 'ada', password: '12345' }, ['Password must be at least 6 characters']],
    [{ username: 'ada@example.com', password: '123456' }, []],
  ])('when %o is sent, then the messages are %o', (body, expected) => {
    expect(messages(loginRequestSchema.safeParse(body))).toEqual(expected);
  });
});

describe('profileUpdateRequestSchema', () => {
  it.each([
    ['', 'ada', ['Display name is required']],
    ['x'.repeat(50), 'ada', []],
    ['x'.repeat(51), 'ada', ['Display name must be 50 characters or less']],
    ['Ada', 'ab', ['Username must be at least 3 characters']],
    ['Ada', 'abc', []],
    ['Ada', 'a'.repeat(30), []],
    ['Ada', 'a'.repeat(31), ['Username must be 30 characters or less']],
    [
      'Ada',
      'ada lovelace',
      ['Username can only contain letters, numbers, hyphens, and underscores'],
    ],
    ['Ada', 'Ada_Love-1', []],
  ])(
    'when displayName %j and username %j are sent, then the messages are %o',
    (displayName, username, expected) => {
      expect(messages(profileUpdateRequestSchema.safeParse({ displayName, username }))).toEqual(
        expected,
      );
    },
  );

  it('when names carry surrounding spaces, then they are trimmed', () => {
    expect(profileUpdateRequestSchema.parse({ displayName: '  Ada  ', username: ' ada ' })).toEqual(
      {
        displayName: 'Ada',
        username: 'ada',
      },
    );
  });
});

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  grace  brewster   hopper ', 'GBH'],
    ['', ''],
    [null, ''],
  ])('when the display name is %j, then the initials are %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('usernameFrom', () => {
  it.each([
    ['ada.provider', 'adaprovider'],
    ['Zoë Ängström', 'Zoe_Angstrom'],
    ['x', 'adventurerx'],
    ['李', 'adventurer'],
    ['a'.repeat(40), 'a'.repeat(24)],
  ])('when made from %j, then it is %j and the profile rules accept it', (text, expected) => {
    const username = usernameFrom(text);
    expect(username).toBe(expected);
    expect(profileUpdateRequestSchema.shape.username.safeParse(username).success).toBe(true);
  });
});
