import { describe, expect, it } from 'vitest';
import { bearerTokenOf, displayPrefixOf, isApiKeyFormat, newApiKeySecret } from './key-format';

describe('API key format', () => {
  it('is vk_ and 43 base64url characters, different every time; 8 of them are shown', () => {
    const key = newApiKeySecret();
    expect(isApiKeyFormat(key)).toBe(true);
    expect(newApiKeySecret()).not.toBe(key);
    expect(displayPrefixOf(key)).toBe(key.slice(0, 11));
    expect(isApiKeyFormat(`${key}x`)).toBe(false);
    expect(isApiKeyFormat(key.replace('vk_', 'sk_'))).toBe(false);
  });

  it('reads the Bearer credential (any case); other schemes are not ours', () => {
    expect(bearerTokenOf('Bearer vk_abc')).toBe('vk_abc');
    expect(bearerTokenOf('bearer  vk_abc ')).toBe('vk_abc');
    expect(bearerTokenOf('Bearer')).toBe('');
    expect(bearerTokenOf('Bearer a b')).toBe('');
    expect(bearerTokenOf('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerTokenOf(undefined)).toBeUndefined();
  });
});
