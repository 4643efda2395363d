import { describe, expect, it } from 'vitest';
import { CONTENT_LIMITS, EDITOR_MESSAGES, formatEditorMessage, isBlank } from './messages';

describe('editor messages (platform §5)', () => {
  it('are verbatim and fill placeholders, a repeated one from a list', () => {
    expect(EDITOR_MESSAGES.invalidEmail).toBe('Please enter a valid email');
    expect(EDITOR_MESSAGES.listRequired).toBe('A List must be selected');
    expect(formatEditorMessage(EDITOR_MESSAGES.linkFormat, { host: ['https://example.com', '/about'] })).toBe('Links must be formatted as https://example.com or /about');
    expect(formatEditorMessage(EDITOR_MESSAGES.notAnOption, { val: 'tiles' })).toBe('tiles is not one of the expected options');
    expect(formatEditorMessage(EDITOR_MESSAGES.emailFormat, {})).toBe('Emails must be formatted as {email}');
    expect(formatEditorMessage('{constructor} {toString}', {})).toBe('{constructor} {toString}');
  });
  it('treat zero-width characters as blank', () => {
    expect(isBlank('\u200b \n\ufeff')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
  it('state the platform limits', () => {
    expect(CONTENT_LIMITS).toMatchObject({ blocksPerLayout: 60, itemsPerOrderableCollection: 250, productsPerCollection: 200, urlLength: 2083, tagLength: 50, categoryLength: 25 });
  });
});
