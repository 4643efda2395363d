import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '@vitrine/contracts';
import { initialCommentStatus, readCommentInput, replyDepth } from './rules';

describe('readCommentInput', () => {
  it('asks a visitor who is not signed in for a name and a valid email, and trims', () => {
    expect(readCommentInput({ body: '  Hello  ', authorName: '  Ann   Lee ', authorEmail: ' ann@example.com ' }, undefined)).toEqual({
      ok: true, value: { body: 'Hello', authorName: 'Ann Lee', authorEmail: 'ann@example.com' },
    });
    expect(readCommentInput({ body: '', authorName: '', authorEmail: 'nope' }, undefined)).toEqual({
      ok: false, errors: { body: COMMENT_MESSAGES.bodyRequired, authorName: COMMENT_MESSAGES.nameRequired, authorEmail: COMMENT_MESSAGES.emailInvalid },
    });
  });

  it("writes a signed-in site user's comment under their account's address, their name or the address's first part", () => {
    expect(readCommentInput({ body: 'Hi', authorEmail: 'typed@example.com' }, { email: 'robin@example.com' })).toEqual({
      ok: true, value: { body: 'Hi', authorName: 'robin', authorEmail: 'robin@example.com' },
    });
    expect(readCommentInput({ body: 'Hi', authorName: 'Robin R.' }, { email: 'robin@example.com' })).toMatchObject({ value: { authorName: 'Robin R.' } });
  });
});

describe('initialCommentStatus', () => {
  it('keeps spam apart, trusts site users with an approved comment, holds everyone else', () => {
    expect(initialCommentStatus({ spamReason: 'honeypot', trustedSiteUser: true })).toBe('spam');
    expect(initialCommentStatus({ spamReason: null, trustedSiteUser: true })).toBe('approved');
    expect(initialCommentStatus({ spamReason: null, trustedSiteUser: false })).toBe('pending');
  });
});

describe('replyDepth', () => {
  it('nests replies three levels deep at most', () => {
    expect([replyDepth(0), replyDepth(1), replyDepth(2)]).toEqual([1, 2, null]);
  });
});
