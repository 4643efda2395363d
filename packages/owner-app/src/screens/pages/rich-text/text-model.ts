/**
 * The text block's model on Lexical, in one place: which nodes the editor knows, the rules that keep a document
 * inside the allowed set (what paste and import may bring in is cleaned by node transforms), and the two
 * converters between a Lexical document and the text block's stored HTML (settings.html). The stored HTML uses
 * only what the server's allow-list keeps (content/render/rich-text.ts): p, h2–h4, blockquote, ul/ol/li, a href,
 * strong, em, u, s, code, br. The server sanitises again at render, whatever the editor sent.
 */
import { checkUrl } from '@vitrine/blocks';
import { $generateNodesFromDOM } from '@lexical/html';
import { $isLinkNode, LinkNode } from '@lexical/link';
import { $isListItemNode, $isListNode, ListItemNode, ListNode } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode, HeadingNode, QuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import {
  $createParagraphNode,
  $getEditor,
  $getRoot,
  $getSelection,
  $isDecoratorNode,
  $isElementNode,
  $isLineBreakNode,
  $isParagraphNode,
  $isRangeSelection,
  $isTabNode,
  $isTextNode,
  COMMAND_PRIORITY_CRITICAL,
  CONTROLLED_TEXT_INSERTION_COMMAND,
  DELETE_CHARACTER_COMMAND,
  FORMAT_TEXT_COMMAND,
  KEY_BACKSPACE_COMMAND,
  KEY_DELETE_COMMAND,
  KEY_ENTER_COMMAND,
  mergeRegister,
  PASTE_COMMAND,
  REMOVE_TEXT_COMMAND,
  SELECTION_CHANGE_COMMAND,
  TextNode,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
  type PointType,
  type TextFormatType,
} from 'lexical';

/** The nodes a text block may hold (besides Lexical's own paragraph, text and line break). */
export const TEXT_BLOCK_NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode];

/** The kinds of block the toolbar's block control offers. The page title is the h1, so headings are h2–h4. */
export const BLOCK_KINDS = ['paragraph', 'h2', 'h3', 'h4', 'quote'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];
export type BlockKindAtSelection = BlockKind | 'bullet' | 'number' | 'mixed';

const HEADING_TAGS: readonly HeadingTagType[] = ['h2', 'h3', 'h4'];
/** Headings outside h2–h4 (pasted or imported) take the nearest allowed level. */
const clampHeading = (tag: HeadingTagType): HeadingTagType => (tag === 'h1' ? 'h2' : tag === 'h5' || tag === 'h6' ? 'h4' : tag);

/** Inline formats kept; the others (highlight, sub/superscript) are taken off whatever brought them. */
const KEPT_FORMATS: readonly TextFormatType[] = ['bold', 'italic', 'underline', 'strikethrough', 'code'];
const DROPPED_FORMATS: readonly TextFormatType[] = ['highlight', 'subscript', 'superscript', 'lowercase', 'uppercase', 'capitalize'];

/** A link the block may keep: the link validator's rules (http(s), mailto, tel, a site path or an #anchor). */
export const isAllowedLink = (url: string) => checkUrl(url).valid;

/**
 * The clean-up rules, as node transforms: they run on every changed node at the end of every update, so what a
 * paste, an import or a command brings in is brought back inside the allowed set before it is shown or stored.
 */
export function registerTextRules(editor: LexicalEditor): () => void {
  return mergeRegister(
    editor.registerNodeTransform(HeadingNode, (node) => {
      const tag = clampHeading(node.getTag());
      if (tag !== node.getTag()) node.replace($createHeadingNode(tag), true);
    }),
    editor.registerNodeTransform(TextNode, (node) => {
      if (node.getStyle() !== '') node.setStyle('');
      for (const format of DROPPED_FORMATS) if (node.hasFormat(format)) node.toggleFormat(format);
    }),
    editor.registerNodeTransform(LinkNode, (node) => {
      if (isAllowedLink(node.getURL())) return;
      // An address the site would refuse (javascript:, data:…): the words stay, the link goes.
      for (const child of node.getChildren()) node.insertBefore(child);
      node.remove();
    }),
    editor.registerNodeTransform(QuoteNode, (node) => {
      // A pasted quote may hold blocks (a paragraph inside a blockquote): the stored HTML keeps a quote's words inline.
      for (const child of node.getChildren()) {
        if ($isElementNode(child) && !child.isInline()) {
          for (const grandchild of child.getChildren()) child.insertBefore(grandchild);
          child.remove();
        }
      }
    }),
    registerSelectionOverflowRule(editor),
  );
}

/** The nearest block (a paragraph, heading, quote or list item) holding a node, or the node when it is one. */
function blockOf(node: LexicalNode): ElementNode | null {
  let current: LexicalNode | null = node;
  while (current && !($isElementNode(current) && !current.isInline() && !$isListNode(current) && current.getParent() !== null)) current = current.getParent();
  return current as ElementNode | null;
}

/** True when a point is at the very start of its block (before its first character). */
function isAtBlockStart(point: PointType, block: ElementNode): boolean {
  if (point.offset !== 0) return false;
  const node = point.getNode();
  if (node.is(block)) return true;
  const first = block.getFirstDescendant();
  return first !== null && node.is(first);
}

/**
 * The triple-click rule. A browser's triple click on a heading selects it up to the first position of the next
 * block, so typing used to merge that block into the heading. A word processor selects the heading's line only:
 * a selection that ends at the very start of a later block ends instead at the end of the block before it. Then
 * typing replaces the heading's words and the heading stays a heading; the paragraph after it is untouched. A
 * selection across two blocks' words still merges them into the first block's kind, as word processors do.
 */
export function $trimSelectionOverflow(): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || selection.isCollapsed()) return false;
  const backward = selection.isBackward();
  const start = backward ? selection.focus : selection.anchor;
  const end = backward ? selection.anchor : selection.focus;
  const startBlock = blockOf(start.getNode());
  const endBlock = blockOf(end.getNode());
  if (!startBlock || !endBlock || startBlock.is(endBlock) || !isAtBlockStart(end, endBlock)) return false;
  const previous = endBlock.getPreviousSibling() ?? endBlock.getTopLevelElement()?.getPreviousSibling() ?? null;
  if (!$isElementNode(previous)) return false;
  const lastBlock = $isListNode(previous) ? (previous.getLastDescendant() ? blockOf(previous.getLastDescendant()!) : null) : previous;
  if (!lastBlock) return false;
  const last = lastBlock.getLastDescendant();
  if ($isTextNode(last)) end.set(last.getKey(), last.getTextContentSize(), 'text');
  else end.set(lastBlock.getKey(), lastBlock.getChildrenSize(), 'element');
  return true;
}

/** Applies the triple-click rule when the selection changes and, to be sure, before every edit of a selection. */
function registerSelectionOverflowRule(editor: LexicalEditor): () => void {
  const trim = () => {
    $trimSelectionOverflow();
    return false; // the edit itself goes on as usual
  };
  return mergeRegister(
    ...[SELECTION_CHANGE_COMMAND, CONTROLLED_TEXT_INSERTION_COMMAND, DELETE_CHARACTER_COMMAND, REMOVE_TEXT_COMMAND, FORMAT_TEXT_COMMAND, PASTE_COMMAND, KEY_BACKSPACE_COMMAND, KEY_DELETE_COMMAND, KEY_ENTER_COMMAND].map((command) =>
      editor.registerCommand(command as never, trim, COMMAND_PRIORITY_CRITICAL),
    ),
  );
}

/** Inside an update: the document becomes the stored HTML's (cleaned by the rules above as the update ends). */
export function $replaceWithBlockHtml(html: string): void {
  const root = $getRoot();
  root.clear();
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const nodes = $generateNodesFromDOM($getEditor(), dom);
  let paragraph: ElementNode | null = null;
  for (const node of nodes) {
    const isBlock = ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();
    if (isBlock) {
      paragraph = null;
      root.append(node);
      continue;
    }
    if ($isTextNode(node) && node.getTextContent().trim() === '' && paragraph === null) continue; // whitespace between blocks
    if (!paragraph) {
      paragraph = $createParagraphNode();
      root.append(paragraph);
    }
    paragraph.append(node);
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** The tags a text's formats become, outermost first. */
const FORMAT_TAGS: ReadonlyArray<[TextFormatType, string]> = [['bold', 'strong'], ['italic', 'em'], ['underline', 'u'], ['strikethrough', 's'], ['code', 'code']];

function htmlOfText(node: TextNode): string {
  let html = escapeText(node.getTextContent());
  for (const [format, tag] of [...FORMAT_TAGS].reverse()) if (KEPT_FORMATS.includes(format) && node.hasFormat(format)) html = `<${tag}>${html}</${tag}>`;
  return html;
}

function htmlOfChildren(node: ElementNode): string {
  return node.getChildren().map(htmlOfNode).join('');
}

function htmlOfNode(node: LexicalNode): string {
  if ($isTabNode(node)) return '\t';
  if ($isTextNode(node)) return htmlOfText(node);
  if ($isLineBreakNode(node)) return '<br>';
  if ($isLinkNode(node)) return isAllowedLink(node.getURL()) ? `<a href="${escapeAttribute(node.getURL().trim())}">${htmlOfChildren(node)}</a>` : htmlOfChildren(node);
  if ($isHeadingNode(node)) {
    const tag = clampHeading(node.getTag());
    return `<${tag}>${htmlOfChildren(node)}</${tag}>`;
  }
  if ($isQuoteNode(node)) return `<blockquote>${htmlOfChildren(node)}</blockquote>`;
  if ($isListNode(node)) {
    const tag = node.getListType() === 'number' ? 'ol' : 'ul';
    return `<${tag}>${htmlOfChildren(node)}</${tag}>`;
  }
  if ($isListItemNode(node)) return `<li>${htmlOfChildren(node)}</li>`;
  if ($isParagraphNode(node)) return `<p>${htmlOfChildren(node)}</p>`;
  if ($isElementNode(node)) return htmlOfChildren(node);
  return '';
}

/** Inside a read or update: the document as the text block's HTML; '' for an empty document. */
export function $blockHtml(): string {
  const root = $getRoot();
  if (root.getTextContent().trim() === '' && root.getChildren().every((child) => $isParagraphNode(child) && child.isEmpty())) return '';
  return root.getChildren().map(htmlOfNode).join('');
}

/** Inside a read: the kind of the block(s) the selection is in, for the toolbar's block control. */
export function $blockKindAtSelection(): BlockKindAtSelection {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return 'paragraph';
  const kinds = new Set<BlockKindAtSelection>();
  for (const node of selection.getNodes().length ? selection.getNodes() : [selection.anchor.getNode()]) {
    const top = node.getTopLevelElement() ?? (node.getParent() === null ? null : node);
    if (!top) continue;
    if ($isHeadingNode(top)) kinds.add(clampHeading(top.getTag()) as BlockKind);
    else if ($isQuoteNode(top)) kinds.add('quote');
    else if ($isListNode(top)) kinds.add(top.getListType() === 'number' ? 'number' : 'bullet');
    else kinds.add('paragraph');
  }
  if (kinds.size === 0) return 'paragraph';
  return kinds.size === 1 ? [...kinds][0]! : 'mixed';
}

/** Inside an update: the blocks the selection touches become paragraphs, headings of a level, or quotes. */
export function $setBlockKind(kind: BlockKind): void {
  $trimSelectionOverflow();
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  if (kind === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
  else if (kind === 'quote') $setBlocksType(selection, () => $createQuoteNode());
  else if (HEADING_TAGS.includes(kind)) $setBlocksType(selection, () => $createHeadingNode(kind));
}
