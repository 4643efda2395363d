import { describe, expect, it } from 'vitest';
import { formatVisitorCookie, nextVisitorCookie, parseVisitorCookie, RESTRICTED_COOKIES, VISIT_COOKIE_MAX_AGE_SECONDS, VISITOR_COOKIE_MAX_AGE_SECONDS } from './visitor-cookie';
import { rateWebVital } from './web-vitals-thresholds';

describe('the census visitor cookie', () => {
  it('is an id plus four numbers separated by bars, read back as written', () => {
    const cookie = { id: 'abcDEF123_-x', firstSeenMs: 1_700_000_000_000, visitStartMs: 1_700_000_100_000, visitCount: 3, hitCount: 17 };
    const text = formatVisitorCookie(cookie);
    expect(text).toBe('abcDEF123_-x|1700000000000|1700000100000|3|17');
    expect(text.split('|')).toHaveLength(5);
    expect(parseVisitorCookie(text)).toEqual(cookie);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'abc', 'abcdefgh|1|2|3', 'abcdefgh|1|2|3|4|5', 'abc defgh|1|2|3|4', 'abcdefgh|1|2|-3|4', 'abcdefgh|1|2|x|4', 'abcdefgh|1.5|2|3|4', `abcdefgh|${'9'.repeat(17)}|2|3|4`]) {
      expect(parseVisitorCookie(bad), bad).toBeUndefined();
    }
  });

  it('lasts 2 years; a visit 30 minutes; restrictions clear the five analytics cookies', () => {
    expect(VISITOR_COOKIE_MAX_AGE_SECONDS).toBe(63_072_000);
    expect(VISIT_COOKIE_MAX_AGE_SECONDS).toBe(1800);
    expect(RESTRICTED_COOKIES).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
  });

  it('counts a new visitor, a hit in a visit, and a new visit', () => {
    const first = nextVisitorCookie(undefined, false, 1000, () => 'visitor-1');
    expect(first).toEqual({ id: 'visitor-1', firstSeenMs: 1000, visitStartMs: 1000, visitCount: 1, hitCount: 1 });
    const same = nextVisitorCookie(first, true, 2000, () => 'unused');
    expect(same).toEqual({ ...first, hitCount: 2 });
    const next = nextVisitorCookie(same, false, 9000, () => 'unused');
    expect(next).toEqual({ id: 'visitor-1', firstSeenMs: 1000, visitStartMs: 9000, visitCount: 2, hitCount: 3 });
  });
});

describe('web-vitals grading (platform §9)', () => {
  it('grades at the thresholds', () => {
    expect(rateWebVital('LCP', 2500)).toBe('good');
    expect(rateWebVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateWebVital('LCP', 4001)).toBe('poor');
    expect(rateWebVital('INP', 200)).toBe('good');
    expect(rateWebVital('CLS', 0.25)).toBe('needs-improvement');
    expect(rateWebVital('TTFB', 1801)).toBe('poor');
    expect(rateWebVital('FCP', 1800)).toBe('good');
  });
});
