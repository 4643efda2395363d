import { lazy, Suspense } from 'react';

/** A lesson's player, as the server's courses/views.ts describes it. */
export type LessonPlayer =
  | { kind: 'file'; url: string; contentType: string }
  | { kind: 'embed'; provider: 'youtube' | 'vimeo'; playerUrl: string; videoUrl: string };

/** The course page's outline (it only reports the list was seen) or a lesson page's player and progress (issue 20 item 2). */
export type LessonProps =
  | { part: 'outline'; collectionId: string; lessonCount: number }
  | {
      part: 'player';
      itemId: string;
      title: string;
      /** What the viewer gets of the lesson: 'member' (every lesson of the course) or 'preview' (this one, free). */
      access: 'member' | 'preview';
      player: LessonPlayer | null;
      /** Signed in and allowed: "Mark complete" and the position are kept. */
      canKeepProgress: boolean;
      completed: boolean;
      positionSeconds: number;
      progressUrl: string;
      /** Where a signed-out visitor signs in to keep their progress, coming back here. */
      signInUrl: string;
    };

/**
 * The course and lesson pages' island. Its code (the player, progress calls, the gated-content events) is a chunk of
 * its own, loaded on those pages only: the every-page script carries just this wrapper. The server renders the view
 * at once inside the same Suspense boundary (server.tsx); the browser keeps that HTML until the chunk arrives.
 */
const View = lazy(() => import('./LessonView').then((module) => ({ default: module.LessonView })));

export function Lesson(props: LessonProps) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
