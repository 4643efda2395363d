/**
 * The course page (a site page of kind 'course', collection type 25, its lessons list type 24) and a lesson's page
 * (record type 62): the outline in order with chapters, previews and the member's progress; a lesson's player,
 * body, previous / next and "Mark complete". Access comes from the courses domain (members' canSee on the course,
 * the lesson's video paywall flag): a viewer without it gets the members' access-denied answer (106) and nothing
 * of the lesson — no body, no player, no video address — in the HTML or the JSON.
 */
import { CollectionType, PageType } from '@vitrine/format';
import type { Website } from '../db/schema';
import type { LiveItem, LivePage } from '../content';
import { loadCoursePageData, loadLessonPageData } from '../courses';
import type { Viewer } from '../members';
import type { ContentAnswer } from './content-pages';
import { websiteJson, websiteSettingsJson, type BasePageContext, type PageSources } from './contexts';

/** The lesson is not for this viewer: the caller answers with the members' access-denied page (106). */
export const LESSON_DENIED = 'denied' as const;

export type RenderSections = (body: LivePage['body'], frameBase: string | undefined) => Promise<unknown[]>;

const base = (website: Website, pageType: number): BasePageContext => ({ pageType, website: websiteJson(website), websiteSettings: websiteSettingsJson(website) });

const courseJsonOf = (course: LivePage) => ({
  id: course.id,
  title: course.title,
  urlId: course.urlId,
  fullUrl: `/${course.urlId}`,
  type: CollectionType.COURSE,
  /** The collection type of its lessons list. */
  lessonsType: CollectionType.LESSONS,
  typeName: 'course' as const,
  description: course.description,
  seoTitle: course.seoTitle,
  seoDescription: course.seoDescription,
});

/**
 * `/{course}`: the outline. The members' gate has already answered a viewer who may not see the course (106); the
 * outline still opens only the lessons this viewer may watch.
 */
export async function courseAnswer(sources: PageSources, website: Website, course: LivePage, viewer: Viewer, render: RenderSections): Promise<ContentAnswer> {
  const data = await loadCoursePageData(sources.db, website.id, course.id, viewer);
  const context = {
    ...base(website, PageType.MAIN_CONTENT),
    collection: courseJsonOf(course),
    sections: await render(course.body, `/frames/page/${course.id}`),
    course: {
      lessonCount: data.outline.lessonCount,
      completedCount: data.outline.completedCount,
      progressLabel: data.progressLabel,
      firstLessonUrl: data.outline.lessons[0]?.url ?? null,
    },
    chapters: data.outline.chapters,
    lessons: data.outline.lessons,
    // The page's video-list-view event (§7) reads this.
    viewerAccessStatus: 'member',
  };
  return { template: 'course', context: context as BasePageContext };
}

/**
 * `/{course}/{lesson}`: a live lesson for a viewer who may watch it (a member, or anyone on a preview); LESSON_DENIED
 * for anyone else (nothing of the lesson is read into an answer); undefined when it is no live lesson of the course.
 */
export async function lessonAnswer(
  sources: PageSources,
  website: Website,
  course: LivePage,
  item: LiveItem,
  viewer: Viewer,
  render: RenderSections,
  options: { preview?: boolean } = {},
): Promise<ContentAnswer | typeof LESSON_DENIED | undefined> {
  const data = await loadLessonPageData(sources.db, website.id, course.id, item.id, viewer, options);
  if (!data) return undefined;
  if (data.access === 'denied') return LESSON_DENIED;
  const url = `/${course.urlId}/${item.urlId}`;
  const context = {
    ...base(website, PageType.CONTENT_ITEM),
    collection: courseJsonOf(course),
    item: {
      id: item.id,
      recordType: item.recordType,
      title: item.title,
      urlId: item.urlId,
      url,
      fullUrl: url,
      excerpt: item.excerpt,
      seoTitle: item.seoTitle,
      seoDescription: item.seoDescription,
      sections: await render(item.body, `/frames/item/${item.id}`),
    },
    lesson: { ...data.lesson, access: data.access, progressUrl: `/api/courses/lessons/${item.id}/progress` },
    viewerAccessStatus: data.access,
  };
  return { template: 'lesson', context: context as BasePageContext };
}
