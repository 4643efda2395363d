/**
 * The messages between the editor (the owner app's window) and its overlay in the preview iframe. Both sides are
 * this origin: a message from anywhere else, or of a shape not listed here, is dropped (readOverlayMessage /
 * readEditorMessage answer null), so a page's own scripts or another site's frame cannot drive the editor.
 */

/** Every message carries this tag, so the editor's messages are never mistaken for a page island's. */
export const MESSAGE_TAG = 'vitrine-editor';

/** What the overlay tells the editor. */
export type OverlayMessage =
  | { tag: typeof MESSAGE_TAG; type: 'ready' }
  | { tag: typeof MESSAGE_TAG; type: 'select'; blockId: string }
  | { tag: typeof MESSAGE_TAG; type: 'move'; blockId: string; direction: -1 | 1 }
  | { tag: typeof MESSAGE_TAG; type: 'duplicate'; blockId: string }
  | { tag: typeof MESSAGE_TAG; type: 'delete'; blockId: string }
  | { tag: typeof MESSAGE_TAG; type: 'settings'; blockId: string }
  | { tag: typeof MESSAGE_TAG; type: 'insert'; afterId: string | null }
  | { tag: typeof MESSAGE_TAG; type: 'drop'; blockId: string; targetId: string; position: 'before' | 'after' }
  | { tag: typeof MESSAGE_TAG; type: 'scroll'; y: number };

/** What the editor tells the overlay. */
export type EditorMessage = { tag: typeof MESSAGE_TAG; type: 'select'; blockId: string | null };

/** Block ids are short ('block-abc123', a template's 'b1'); anything longer or not a string is not one. */
const isBlockId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** Whether a message event came from this origin (the same-origin check both sides make before reading it). */
export const isSameOrigin = (event: { origin: string }, origin: string) => event.origin === origin;

/** The overlay's message, or null for anything that is not exactly one. */
export function readOverlayMessage(data: unknown): OverlayMessage | null {
  const message = record(data);
  if (!message || message.tag !== MESSAGE_TAG) return null;
  const tag = MESSAGE_TAG;
  switch (message.type) {
    case 'ready':
      return { tag, type: 'ready' };
    case 'select':
    case 'duplicate':
    case 'delete':
    case 'settings':
      return isBlockId(message.blockId) ? { tag, type: message.type, blockId: message.blockId } : null;
    case 'move':
      return isBlockId(message.blockId) && (message.direction === -1 || message.direction === 1) ? { tag, type: 'move', blockId: message.blockId, direction: message.direction } : null;
    case 'insert':
      return message.afterId === null || isBlockId(message.afterId) ? { tag, type: 'insert', afterId: message.afterId } : null;
    case 'drop':
      return isBlockId(message.blockId) && isBlockId(message.targetId) && (message.position === 'before' || message.position === 'after') && message.blockId !== message.targetId
        ? { tag, type: 'drop', blockId: message.blockId, targetId: message.targetId, position: message.position }
        : null;
    case 'scroll':
      return typeof message.y === 'number' && Number.isFinite(message.y) && message.y >= 0 ? { tag, type: 'scroll', y: message.y } : null;
    default:
      return null;
  }
}

/** The editor's message, or null. */
export function readEditorMessage(data: unknown): EditorMessage | null {
  const message = record(data);
  if (!message || message.tag !== MESSAGE_TAG || message.type !== 'select') return null;
  return message.blockId === null || isBlockId(message.blockId) ? { tag: MESSAGE_TAG, type: 'select', blockId: message.blockId } : null;
}

/** A message without its tag (each kind of message on its own: Omit over the union would merge them). */
export type OverlayMessageBody = OverlayMessage extends infer Each ? (Each extends OverlayMessage ? Omit<Each, 'tag'> : never) : never;

/** Builds a message with its tag. */
export const overlayMessage = (body: OverlayMessageBody): OverlayMessage => ({ tag: MESSAGE_TAG, ...body }) as OverlayMessage;
