import { describe, expect, it } from 'vitest';
import { REDIRECT_MESSAGES } from '@vitrine/contracts';
import { checkSource, checkTarget, compileRules, countablePathOf, locationOf, matchRule, type RedirectRule } from './rules';

/* The redirect rules' pure logic: keys, refusals, matching and the Location each answer sends. */

const rule = (source: string, target: string, keepQuery = true): RedirectRule => {
  const checked = checkSource(source);
  if ('error' in checked) throw new Error(checked.error);
  return { id: source, source, sourceKey: checked.key, target, status: 301, keepQuery };
};
const answer = (rules: RedirectRule[], url: string) => {
  const match = matchRule(compileRules(rules), url);
  return match && locationOf(match, url);
};

describe('redirect rules', () => {
  it('keys a source as requests are matched: decoded, lower case, no trailing slash; a wildcard keeps /*', () => {
    expect(checkSource('/Old%20Page/')).toEqual({ key: '/old page' });
    expect(checkSource('/Products/*')).toEqual({ key: '/products/*' });
    expect(checkSource('/API/x')).toEqual({ error: REDIRECT_MESSAGES.sourcePlatform });
    expect(checkSource('//host/x')).toEqual({ error: REDIRECT_MESSAGES.source });
    expect(checkTarget('/x/*', '/x/*')).toBe(REDIRECT_MESSAGES.wildcardLoop);
    expect(checkTarget('ftp://files.example/x', '/x')).toBe(REDIRECT_MESSAGES.target);
    expect(checkTarget('https://shop.example/*', '/x/*')).toBeUndefined();
  });

  it('prefers an exact rule, then the longest wildcard; carries the rest and the query', () => {
    const rules = [rule('/a/*', '/one/*'), rule('/a/b/*', '/two/*'), rule('/a/b/c', '/three', false)];
    expect(answer(rules, '/a/b/c?x=1')).toBe('/three');
    expect(answer(rules, '/a/b/d/e?x=1')).toBe('/two/d/e?x=1');
    expect(answer(rules, '/A/Z')).toBe('/one/Z');
    expect(answer(rules, '/a')).toBeUndefined();
    expect(answer([rule('/x', '/y?from=old#top')], '/x?utm=1')).toBe('/y?from=old&utm=1#top');
  });

  it('answers a Location that is always a valid header: non-ASCII percent-encoded, encoded text kept', () => {
    expect(answer([rule('/alt', '/über-uns')], '/alt')).toBe('/%C3%BCber-uns');
    expect(answer([rule('/café/*', '/menu/*')], '/caf%C3%A9/cr%C3%AApe?q=%C3%A9')).toBe('/menu/cr%C3%AApe?q=%C3%A9');
  });

  it('counts visitors\' misses, not scripts\' probes or the platform\'s paths', () => {
    expect(countablePathOf('/Summer-Lookbook/?ref=ad')).toBe('/Summer-Lookbook');
    expect(countablePathOf('/old/image.jpg')).toBe('/old/image.jpg');
    for (const url of ['/', '/wp-login.php', '/wp-admin/', '/.env', '/.git/config', '/x/index.php', '/api/x', '/config/x', '/cgi-bin/x', `/${'a'.repeat(301)}`]) {
      expect(countablePathOf(url), url).toBeUndefined();
    }
  });
});
