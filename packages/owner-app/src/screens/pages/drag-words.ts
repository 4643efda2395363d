import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

/** What dnd-kit says while a row is dragged by keyboard or pointer, in the rows' own names (not their ids). */
export function dragAnnouncements(nameOf: (id: string | number) => string): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : ''),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${nameOf(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}

export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: 'To move it with the keyboard, press Space, then the arrow keys, then Space again to drop it, or Escape to cancel.',
};
