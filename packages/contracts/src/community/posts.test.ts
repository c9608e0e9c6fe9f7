import { describe, expect, it } from 'vitest';
import {
  canSharePost,
  communityFeedQuerySchema,
  createPostRequestSchema,
  feedDisplayName,
} from './posts.ts';
import { isSessionFull } from './sessions.ts';
import {
  createFeedbackRequestSchema,
  reviewFeedbackRequestSchema,
  splitFeedback,
} from '../feedback/feedback.ts';

describe('posts', () => {
  it('when a post has no type, then it is a win', () => {
    expect(createPostRequestSchema.parse({ content: 'Did it!' })).toEqual({
      content: 'Did it!',
      type: 'win',
    });
  });
  it.each([
    ['', false],
    ['   ', false],
    ['x', true],
  ])('when the text is %j, then accepted: %s', (content, ok) => {
    expect(createPostRequestSchema.safeParse({ content, type: 'struggle' }).success).toBe(ok);
  });
  it.each([
    ['', false, false],
    ['  ', false, false],
    ['hi', true, false],
    ['hi', false, true],
  ])('when the text is %j and sending=%s, then Share enabled: %s', (text, sending, ok) => {
    expect(canSharePost(text, sending)).toBe(ok);
  });
});

describe('community feed', () => {
  it.each([
    [{}, 10],
    [{ limit: '5' }, 5],
  ])('when the query is %o, then the limit is %i', (q, limit) => {
    expect(communityFeedQuerySchema.parse(q).limit).toBe(limit);
  });
  it.each([
    [{ displayName: 'Ada', username: 'ada' }, 'Ada'],
    [{ displayName: null, username: 'ada' }, 'ada'],
    [{ displayName: '', username: '' }, 'Anonymous User'],
    [null, 'Anonymous User'],
  ])('when the user is %o, then the name shown is %s', (user, name) => {
    expect(feedDisplayName(user)).toBe(name);
  });
});

describe('sessions', () => {
  it.each([
    [5, 6, false],
    [6, 6, true],
    [7, 6, true],
  ])('when %i of %i have joined, then full: %s', (currentParticipants, maxParticipants, full) => {
    expect(isSessionFull({ currentParticipants, maxParticipants })).toBe(full);
  });
});

describe('feedback', () => {
  const msg = 'Please select a category and enter your feedback';
  it.each([
    [{ category: 'bug', message: 'Broken button' }, []],
    [{ message: 'Broken button' }, [msg]],
    [{ category: 'bug', message: '   ' }, [msg]],
    [{ category: 'praise', message: 'Nice' }, [msg]],
    [{}, [msg, msg]],
  ])('when %o is sent, then the messages are %o', (body, expected) => {
    const r = createFeedbackRequestSchema.safeParse(body);
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(expected);
  });
  it('when reviewing, then isReviewed is required and notes optional', () => {
    expect(
      reviewFeedbackRequestSchema.safeParse({ isReviewed: true, adminNotes: 'fixed' }).success,
    ).toBe(true);
    expect(reviewFeedbackRequestSchema.safeParse({ adminNotes: 'fixed' }).success).toBe(false);
  });
  it('when items are split, then new and reviewed are separated', () => {
    expect(
      splitFeedback([{ isReviewed: false }, { isReviewed: true }, { isReviewed: false }]),
    ).toEqual({
      fresh: [{ isReviewed: false }, { isReviewed: false }],
      reviewed: [{ isReviewed: true }],
    });
  });
});
