import { describe, expect, it } from 'vitest';
import { areCommentsEnabled } from './comments';

describe('areCommentsEnabled (storefront §4)', () => {
  it('is on when commentState is 1, with no comments yet', () => {
    expect(areCommentsEnabled({ commentState: 1, publicCommentCount: 0, siteCommentsEnabled: true })).toBe(true);
  });
  it('is on when the post is switched off but already has public comments', () => {
    expect(areCommentsEnabled({ commentState: 0, publicCommentCount: 3, siteCommentsEnabled: true })).toBe(true);
  });
  it('is off when the post is switched off and has no public comment', () => {
    expect(areCommentsEnabled({ commentState: 0, publicCommentCount: 0, siteCommentsEnabled: true })).toBe(false);
  });
  it('is off whenever the site turns comments off, whatever the post says', () => {
    expect(areCommentsEnabled({ commentState: 1, publicCommentCount: 0, siteCommentsEnabled: false })).toBe(false);
    expect(areCommentsEnabled({ commentState: 1, publicCommentCount: 5, siteCommentsEnabled: false })).toBe(false);
    expect(areCommentsEnabled({ commentState: 0, publicCommentCount: 5, siteCommentsEnabled: false })).toBe(false);
  });
  it('reads only state 1 as on', () => {
    expect(areCommentsEnabled({ commentState: 2, publicCommentCount: 0, siteCommentsEnabled: true })).toBe(false);
  });
});
