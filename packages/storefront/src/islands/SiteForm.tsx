import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { FieldDefinition, SubmissionPage } from '@vitrine/forms';
import type { IslandMessages } from './messages';

/** A form as the page gives it to the island (the server reads it from the forms domain). */
export interface SiteFormDefinition {
  id: string;
  /** 'newsletter': the newsletter block (one email field, double opt-in, no top/bottom error lines). */
  kind: 'form' | 'newsletter';
  name: string;
  fields: FieldDefinition[];
  submissionMessage: string;
  /** The owner's post-submit HTML, already sanitised by the server. */
  submissionHTML: string;
  successRedirect: string;
  disclaimerMessage: string;
  /** The form shows the captcha: its own switch and the website's site key. */
  captcha: boolean;
}

export interface SiteFormProps {
  form: SiteFormDefinition;
  /** The page it sits on (the SaveFormSubmission page fields). */
  page: SubmissionPage;
  /** The page block holding it (the intra-page event fields). */
  blockId: string;
  /** Heading level of the form's name (2 on a page, none in the footer). */
  headingLevel?: 2 | 3 | null;
  /** The submit button's text; default 'Submit' ('Sign up' for a newsletter). */
  submitLabel?: string;
  /** The form's messages in the visitor's language; absent: English. */
  messages?: IslandMessages<'form' | 'fieldRules' | 'formSubmission'>;
}

/**
 * The site form block (storefront §4, §5, §8) as the page's island. Its code (the field components, the form
 * rules of @vitrine/forms; about 7 KB compressed) is a chunk of its own, fetched when the form comes near the
 * screen (the footer's newsletter on a page read only at the top costs nothing): the server renders the whole
 * form inside the same Suspense boundary (server.tsx), and the browser keeps that HTML until the chunk arrives,
 * then hydrates it. Until then its button is disabled. The form itself is `SiteFormView`.
 */
export function SiteForm(props: SiteFormProps) {
  const View = viewFor(props.blockId);
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}

/** How far below (or above) the screen a form starts loading. */
const NEAR_SCREEN_MARGIN = '400px';
const views = new Map<string, LazyExoticComponent<ComponentType<SiteFormProps>>>();

/** One lazy component per form block on the page (stable across renders), loading when its block is near the screen. */
function viewFor(blockId: string) {
  let view = views.get(blockId);
  if (!view) {
    view = lazy(() =>
      nearScreen(blockId)
        .then(() => import('./SiteFormView'))
        .then((module) => ({ default: module.SiteFormView })),
    );
    views.set(blockId, view);
  }
  return view;
}

function nearScreen(blockId: string): Promise<void> {
  const element = [...document.querySelectorAll<HTMLElement>('[data-block-id]')].find((candidate) => candidate.dataset.blockId === blockId);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(element);
  });
}
