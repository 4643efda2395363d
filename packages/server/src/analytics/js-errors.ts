import { createHash } from 'node:crypto';
import { ANALYTICS_LIMITS } from '@vitrine/contracts';

/**
 * Grouping the error reporter's reports (storefront §7, §9): identical errors are the same message thrown from
 * the same place, i.e. the same message and the same first stack frame. Query strings and fragments in a frame
 * are left out (a cache-busting ?v= must not split a group); line and column stay (another line is another bug).
 */

/** V8 ('    at fn (https://…/app.js:1:2)') and Firefox/Safari ('fn@https://…/app.js:1:2') frames. */
const V8_FRAME = /^\s*at\s+\S/;
const GECKO_FRAME = /^[^\s@]*@\S+:\d+(?::\d+)?\s*$/;

/** The first line of a stack that is a frame, normalised; '' when the stack has none. */
export function firstStackFrame(stack: string | null | undefined): string {
  if (!stack) return '';
  for (const line of stack.split('\n').slice(0, 50)) {
    if (V8_FRAME.test(line) || GECKO_FRAME.test(line.trim())) {
      return line
        .trim()
        .replace(/[?#][^\s:)]*(?=:\d+)/g, '')
        .slice(0, 500);
    }
  }
  return '';
}

/** The group an error belongs to: a hash of its message and first frame. */
export function errorFingerprint(message: string, firstFrame: string): string {
  return createHash('sha256').update(`${message.trim()}\n${firstFrame}`).digest('hex').slice(0, 32);
}

/** A stack as kept: cut at 5,000 characters, as the reporter does (storefront §9). */
export const cutStack = (stack: string | null | undefined): string => (stack ?? '').slice(0, ANALYTICS_LIMITS.errorStackLength);
