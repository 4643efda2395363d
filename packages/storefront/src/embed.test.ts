import { describe, expect, it } from 'vitest';
// @vitest-environment happy-dom
import { cartDataBlock, encodeJsonData, islandPropsBlock, readIslandProps } from './embed';

describe('islandPropsBlock / readIslandProps', () => {
  const islandWith = (after: string) => {
    document.body.innerHTML = `<div data-island="CartPill"><p>pill</p></div>${after}`;
    return document.querySelector('[data-island]')!;
  };

  it('reads back props whose text could end the block or the page', () => {
    const props = { title: '"></script><script>alert(1)</script><!--', note: "it's & <b>" };
    const element = islandWith(islandPropsBlock(encodeJsonData(props)));
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readIslandProps(element)).toEqual(props);
  });

  it('answers {} when the island has no block after it, or the next element is another script', () => {
    expect(readIslandProps(islandWith(''))).toEqual({});
    expect(readIslandProps(islandWith('<script type="application/json" id="vitrine-cart">{"a":1}</script>'))).toEqual({});
  });

  it('answers {} for a block holding an array, and throws for unreadable JSON', () => {
    expect(readIslandProps(islandWith('<script type="application/json" data-island-props>[1]</script>'))).toEqual({});
    expect(() => readIslandProps(islandWith('<script type="application/json" data-island-props>{</script>'))).toThrow();
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
