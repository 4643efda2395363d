import { describe, expect, it } from 'vitest';
import { cartDataBlock, decodeProps, encodeJsonData, encodeProps, escapeAttribute } from './embed';

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

describe('encodeJsonData / cartDataBlock', () => {
  it('leaves no "<" in the block text, and the text parses back to the same value', () => {
    const value = { title: '</script><!-- <b>', line: 'a\u2028b\u2029c', amp: '&amp;' };
    const encoded = encodeJsonData(value);
    expect(encoded).not.toContain('<');
    expect(encoded).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(encoded)).toEqual(value);
    expect(cartDataBlock(null)).toBe('<script type="application/json" id="vitrine-cart">null</script>');
  });
});
