import { describe, expect, it } from 'vitest';
import { decodeProps, encodeProps, escapeAttribute } from './embed';

describe('escapeAttribute', () => {
  it('turns every character that could end an attribute or a tag into a reference', () => {
    expect(escapeAttribute(`a"b'c<d>e&f`)).toBe('a&quot;b&#39;c&lt;d&gt;e&amp;f');
  });

  it('escapes the ampersand first so references are not double-decoded', () => {
    expect(escapeAttribute('&quot;')).toBe('&amp;quot;');
  });
});

describe('encodeProps / decodeProps', () => {
  it('leaves no raw quote or angle bracket in the encoded text', () => {
    const encoded = encodeProps({ title: `"><script>alert(1)</script>`, note: "it's" });
    expect(encoded).not.toMatch(/["'<>]/);
  });

  it('decodes an attribute value the browser has already unescaped', () => {
    expect(decodeProps('{"a":1}')).toEqual({ a: 1 });
    expect(decodeProps(null)).toEqual({});
    expect(decodeProps('[1]')).toEqual({});
  });
});
