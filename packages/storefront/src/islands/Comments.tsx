import { lazy, Suspense } from 'react';

/** A post's comment form or like button (issue 20 item 4), as the post page's island. */
export type CommentsProps =
  | {
      part: 'form';
      itemId: string;
      /** The website has a captcha (the ALTCHA widget shows, as in site forms). */
      captcha: boolean;
    }
  | {
      part: 'like';
      itemId: string;
      likeCount: number;
      postTitle: string;
    };

/**
 * The post page's comment form and like button. Their code (the form, its checks, the captcha's loader) is a chunk
 * of its own, loaded on post pages only: the every-page script carries just this wrapper. The server renders the
 * view at once inside the same Suspense boundary (server.tsx); the browser keeps that HTML until the chunk arrives.
 */
const View = lazy(() => import('./CommentsView').then((module) => ({ default: module.CommentsView })));

export function Comments(props: CommentsProps) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
