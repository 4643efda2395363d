import { describe, expect, it } from 'vitest';
import { checkPageBody, CONTENT_LIMITS } from '@vitrine/blocks';
import { htmlToBody, pictureUrlsOf } from './html-blocks';
import { readWxrPlan } from './wxr-plan';

describe('htmlToBody', () => {
  it('keeps the text block allow-list: no script, no handler, no style; blank lines become paragraphs', () => {
    const body = htmlToBody('<!-- wp:paragraph -->One\nline\n\nTwo <b onclick="x()" style="color:red">bold</b><script>alert(1)</script>', new Map());
    expect(body.sections[0]!.columns[0]!.blocks).toEqual([{ id: 'imported-1', type: 2, settings: { html: '<p>One<br>line</p><p>Two bold</p>' } }]);
  });

  it('stays within 60 blocks: past it, the last text block takes the rest with its pictures as links', () => {
    const urls = Array.from({ length: 70 }, (_, index) => `https://old.example/p${index}.jpg`);
    const html = urls.map((url, index) => `<p>Text ${index}</p><img src="${url}" alt="Picture ${index}">`).join('');
    const body = htmlToBody(html, new Map(urls.map((url, index) => [url, `image-${index}`])));
    const blocks = body.sections[0]!.columns[0]!.blocks;
    expect(blocks.length).toBeLessThanOrEqual(CONTENT_LIMITS.blocksPerLayout);
    expect(blocks.filter((block) => block.type === 5).length).toBeGreaterThan(25);
    expect(checkPageBody(body).errors).toEqual({});
    const last = String(blocks[blocks.length - 1]!.settings.html);
    expect(last).toContain('<a href="https://old.example/p69.jpg">Picture 69</a>');
    expect(pictureUrlsOf(html)).toHaveLength(70);
  });

  it('cuts a text longer than a text block takes at a paragraph', () => {
    const paragraph = `<p>${'a'.repeat(999)}</p>`;
    const body = htmlToBody(paragraph.repeat(150), new Map());
    const blocks = body.sections[0]!.columns[0]!.blocks;
    expect(blocks.length).toBe(2);
    expect(blocks.every((block) => String(block.settings.html).length <= CONTENT_LIMITS.richTextLength && String(block.settings.html).endsWith('</p>'))).toBe(true);
  });
});

describe('readWxrPlan', () => {
  it('bounds a page’s HTML and leaves out what is not a page, post or picture', () => {
    const long = 'x'.repeat(250_000);
    const plan = readWxrPlan(`<?xml version="1.0"?><rss><channel><title>T</title>
      <item><title>P</title><wp:post_type>page</wp:post_type><content:encoded>${long}</content:encoded></item>
      <item><title>Menu</title><wp:post_type>nav_menu_item</wp:post_type></item>
      <item><title>Doc</title><wp:post_type>attachment</wp:post_type><wp:attachment_url>https://old.example/file.pdf</wp:attachment_url></item>
    </channel></rss>`);
    expect(plan.pages).toHaveLength(1);
    expect(plan.pages[0]!.html).toHaveLength(200_000);
    expect(plan.posts).toEqual([]);
    expect(plan.attachments).toEqual([]);
    // A byte order mark before the declaration is read past.
    expect(readWxrPlan('\uFEFF<?xml version="1.0"?><rss><channel><item><title>x</title><wp:post_type>post</wp:post_type></item></channel></rss>').posts).toHaveLength(1);
  });
});
