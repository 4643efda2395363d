import { describe, expect, it } from 'vitest';
import { lessonAccessFrom } from './access';
import { frameSourcesOf } from '../content';
import { embeddedPlayerOf } from './embed';
import { contentRangeOf, rangeOf } from './ranges';
import { durationLabel } from './views';

describe('rangeOf (RFC 9110 single byte ranges)', () => {
  it('reads first bytes, open-ended, suffix and clipped ranges', () => {
    expect(rangeOf('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(rangeOf('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(rangeOf('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(rangeOf('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(rangeOf('bytes=50-500', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(rangeOf(' bytes=0-0 ', 100)).toEqual({ kind: 'partial', start: 0, end: 0 });
  });

  it('finds a range past the end, or an empty suffix, unsatisfiable', () => {
    expect(rangeOf('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(contentRangeOf({ kind: 'unsatisfiable' }, 100)).toBe('bytes */100');
    expect(contentRangeOf({ kind: 'partial', start: 5, end: 9 }, 100)).toBe('bytes 5-9/100');
    expect(contentRangeOf({ kind: 'whole' }, 100)).toBeUndefined();
  });

  it('ignores what it does not serve: no header, several ranges, another unit, garbage, an end before the start', () => {
    for (const header of [undefined, 'bytes=0-1,4-5', 'items=0-1', 'bytes=a-b', 'bytes=-', 'bytes=9-3', 'bytes=1234567890123456-']) {
      expect(rangeOf(header, 100), String(header)).toEqual({ kind: 'whole' });
    }
  });
});

describe('embeddedPlayerOf', () => {
  it('plays YouTube and Vimeo addresses from their privacy-friendly player hosts', () => {
    expect(embeddedPlayerOf('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toEqual({ provider: 'youtube', playerUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
    expect(embeddedPlayerOf('https://youtu.be/aqz-KE-bpKQ')?.playerUrl).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(embeddedPlayerOf('https://www.youtube.com/embed/aqz-KE-bpKQ')?.playerUrl).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(embeddedPlayerOf('https://vimeo.com/76979871')?.playerUrl).toBe('https://player.vimeo.com/video/76979871');
    expect(embeddedPlayerOf('https://player.vimeo.com/video/76979871')?.provider).toBe('vimeo');
  });

  it("plays only from origins a page's frame-src takes (the content domain's rule, for lessons and blocks alike)", () => {
    for (const address of ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://youtu.be/aqz-KE-bpKQ', 'https://vimeo.com/76979871']) {
      const player = embeddedPlayerOf(address)!;
      expect(frameSourcesOf([player.playerUrl]), address).toEqual([new URL(player.playerUrl).origin]);
    }
  });

  it('refuses other hosts, schemes and malformed ids', () => {
    for (const address of ['https://evil.example/watch?v=aqz-KE-bpKQ', 'javascript:alert(1)', 'https://www.youtube.com/watch?v=short', 'https://vimeo.com/abc', 'not a url', 'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ']) {
      expect(embeddedPlayerOf(address), address).toBeUndefined();
    }
  });
});

describe('the lesson access rule', () => {
  const denied = { allowed: false as const, reason: 'members-only' as const, memberAreas: [] };
  it('opens every lesson to a viewer who may see the course, and only previews to anyone else', () => {
    expect(lessonAccessFrom({ allowed: true }, false)).toBe('member');
    expect(lessonAccessFrom({ allowed: true }, true)).toBe('member');
    expect(lessonAccessFrom(denied, true)).toBe('preview');
    expect(lessonAccessFrom(denied, false)).toBe('denied');
    expect(lessonAccessFrom({ allowed: false, reason: 'password' }, false)).toBe('denied');
  });
});

describe('durationLabel', () => {
  it('reads as a player shows a length', () => {
    expect([durationLabel(0), durationLabel(59), durationLabel(372), durationLabel(3723), durationLabel(null), durationLabel(-1)]).toEqual(['0:00', '0:59', '6:12', '1:02:03', '', '']);
  });
});
