import { safeLink } from './links';
import { sanitiseRichText } from './rich-text';
import { bool, list, num, oneOf, str, type Settings } from './settings';

/** button (53): a link styled as a button; no link (or an unsafe one) renders nothing. */
export interface ButtonView {
  label: string;
  url: string;
  style: 'primary' | 'secondary' | 'tertiary';
  size: 'small' | 'medium' | 'large';
  alignment: 'left' | 'center' | 'right';
  newWindow: boolean;
}

export function buttonView(settings: Settings): ButtonView | undefined {
  const label = str(settings, 'label').trim();
  const url = safeLink(str(settings, 'url'));
  if (!label || !url) return undefined;
  return {
    label,
    url,
    style: oneOf(settings, 'style', ['primary', 'secondary', 'tertiary'] as const, 'primary'),
    size: oneOf(settings, 'size', ['small', 'medium', 'large'] as const, 'medium'),
    alignment: oneOf(settings, 'alignment', ['left', 'center', 'right'] as const, 'center'),
    newWindow: bool(settings, 'newWindow'),
  };
}

/** spacer (21): empty room, 0–600 px high. */
export function spacerView(settings: Settings): { height: number } {
  return { height: Math.round(num(settings, 'height', 50, 0, 600)) };
}

/** horizontal rule (47): nothing to set. */
export function horizontalRuleView(): { rule: true } {
  return { rule: true };
}

/** quote (31): the words and who said them; plain text (printed escaped). */
export function quoteView(settings: Settings): { text: string; source: string } | undefined {
  const text = str(settings, 'quote').trim();
  return text ? { text, source: str(settings, 'source').trim() } : undefined;
}

/**
 * accordion (69): `<details>` items, no JavaScript; each answer is rich text through the text block's allow-list.
 * One open at a time (the default) is the browser's exclusive accordion: the items share a `name`.
 */
export function accordionView(settings: Settings, blockId: string): { items: Array<{ title: string; html: string }>; group?: string } | undefined {
  const items = list(settings, 'items')
    .map((item) => ({ title: str(item, 'title').trim(), html: sanitiseRichText(str(item, 'body')) }))
    .filter((item) => item.title !== '');
  if (items.length === 0) return undefined;
  return { items, ...(bool(settings, 'allowMultipleOpen') ? {} : { group: `accordion-${blockId}` }) };
}

/** search (33): a GET form to /search. */
export function searchView(settings: Settings): { placeholder: string; label: string } {
  return { placeholder: str(settings, 'placeholder').trim() || 'Search', label: 'Search this site' };
}

/** marquee (70): a line of text that scrolls by CSS alone (and stands still under prefers-reduced-motion). */
export function marqueeView(settings: Settings): { text: string; repeats: string[]; durationSeconds: number; direction: 'left' | 'right'; pauseOnHover: boolean } | undefined {
  const text = str(settings, 'text').trim();
  if (!text) return undefined;
  // Slower is a longer cycle: speed 1 (slowest) … 10 (fastest).
  const speed = num(settings, 'speed', 3, 1, 10);
  return {
    text,
    repeats: [text, text, text, text],
    durationSeconds: Math.round(60 / speed),
    direction: oneOf(settings, 'direction', ['left', 'right'] as const, 'left'),
    pauseOnHover: bool(settings, 'pauseOnHover', true),
  };
}

const SHAPES = ['circle', 'square', 'rounded-square', 'triangle', 'diamond', 'hexagon', 'star', 'heart', 'arrow'] as const;
type ShapeName = (typeof SHAPES)[number];
const SHAPE_PATHS: Record<ShapeName, string> = {
  circle: 'M50 0a50 50 0 1 1 0 100a50 50 0 1 1 0-100z',
  square: 'M0 0h100v100H0z',
  'rounded-square': 'M16 0h68a16 16 0 0 1 16 16v68a16 16 0 0 1-16 16H16A16 16 0 0 1 0 84V16A16 16 0 0 1 16 0z',
  triangle: 'M50 0L100 100H0z',
  diamond: 'M50 0L100 50L50 100L0 50z',
  hexagon: 'M25 3h50l25 47l-25 47H25L0 50z',
  star: 'M50 0l14.7 31.2l34.3 4.3l-25.2 23.7l6.5 34L50 76.5L19.7 93.2l6.5-34L1 35.5l34.3-4.3z',
  heart: 'M50 92C20 70 0 52 0 30C0 13 12 2 27 2c10 0 18 6 23 14C55 8 63 2 73 2c15 0 27 11 27 28c0 22-20 40-50 62z',
  arrow: 'M0 35h60V10l40 40l-40 40V65H0z',
};

/** A CSS colour we accept in an attribute: #rgb / #rrggbb, or the theme's accent. */
function colourOf(value: string): string {
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value.trim()) ? value.trim() : 'var(--color-accent)';
}

/** shape (71): an inline SVG shape; decorative (hidden from screen readers) unless it has a label. */
export function shapeView(settings: Settings): { path: string; colour: string; size: number; shape: ShapeName; label: string } {
  const shape = oneOf(settings, 'shape', SHAPES, 'circle');
  return { shape, path: SHAPE_PATHS[shape], colour: colourOf(str(settings, 'color')), size: Math.round(num(settings, 'size', 200, 10, 1000)), label: str(settings, 'label').trim() };
}
