import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CourseProgressJson,
  deleteLessonVideoContract,
  getCourseProgressContract,
  getOwnerCourseContract,
  OwnerCourseJson,
  OwnerLessonJson,
  OwnerLessonReply,
  UpdateLessonDetailsBody,
  updateLessonDetailsContract,
  uploadLessonVideoContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';
import { CONTENT_ROUTES, contentKeys, send } from '../pages/content-api';
import type { ContentItem, ContentPage, ItemSummary } from '../pages/content-types';

/**
 * The Courses screen's calls: a course is a site page of kind 'course' and its lessons are its items, so making
 * a course or a lesson, deleting and ordering lessons go through the content calls (the Pages editor's); the
 * course calls carry what only a lesson has — its video, length, chapter, preview flag — and the progress.
 */
export const COURSE_ROUTES = {
  course: callRoute<typeof getOwnerCourseContract>('GET', '/api/owner/courses/:pageId'),
  progress: callRoute<typeof getCourseProgressContract>('GET', '/api/owner/courses/:pageId/progress'),
  details: callRoute<typeof updateLessonDetailsContract>('PUT', '/api/owner/lessons/:itemId/details'),
  uploadVideo: callRoute<typeof uploadLessonVideoContract>('PUT', '/api/owner/lessons/:itemId/video'),
  deleteVideo: callRoute<typeof deleteLessonVideoContract>('DELETE', '/api/owner/lessons/:itemId/video'),
  createCourse: CONTENT_ROUTES.createPage,
  createLesson: CONTENT_ROUTES.createItem,
  orderLessons: CONTENT_ROUTES.orderItems,
  deleteLesson: CONTENT_ROUTES.deleteItem,
} as const;

export type OwnerLesson = OwnerLessonJson;
export type OwnerCourse = OwnerCourseJson;
export type CourseProgress = CourseProgressJson;

export const courseKeys = {
  all: ['courses'] as const,
  course: (pageId: string) => ['courses', 'course', pageId] as const,
  progress: (pageId: string) => ['courses', 'progress', pageId] as const,
};

export function useCourse(pageId: string) {
  const client = useOwnerClient();
  return useQuery<OwnerCourse>({
    queryKey: courseKeys.course(pageId),
    queryFn: () => client.call(COURSE_ROUTES.course, { params: { pageId } }) as Promise<OwnerCourse>,
  });
}

export function useCourseProgress(pageId: string) {
  const client = useOwnerClient();
  return useQuery<CourseProgress>({ queryKey: courseKeys.progress(pageId), queryFn: () => client.call(COURSE_ROUTES.progress, { params: { pageId } }) });
}

/** A new course page (kind 'course'), in the main navigation or not; the page tree refetches. */
export function useCreateCourse() {
  const client = useOwnerClient();
  return useOwnerMutation<{ title: string; inNavigation: boolean }, ContentPage>({
    mutationFn: ({ title, inNavigation }) => send<ContentPage>(client, COURSE_ROUTES.createCourse, { body: { kind: 'course', title, inNavigation } }),
    invalidates: [contentKeys.tree()],
  });
}

/** A new draft lesson at the end of the course. */
export function useCreateLesson(pageId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ title: string }, ContentItem>({
    mutationFn: ({ title }) => send<ContentItem>(client, COURSE_ROUTES.createLesson, { params: { pageId }, body: { title } }),
    invalidates: [courseKeys.course(pageId), contentKeys.items(pageId)],
  });
}

export function useDeleteLesson(pageId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<string, unknown>({
    mutationFn: (itemId) => send(client, COURSE_ROUTES.deleteLesson, { params: { itemId } }),
    invalidates: [courseKeys.course(pageId), courseKeys.progress(pageId), contentKeys.items(pageId)],
  });
}

/**
 * Saves the lessons' order (every lesson id, once). The course shows the new order at once and goes back to the
 * server's if the call is refused.
 */
export function useOrderLessons(pageId: string) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useOwnerMutation<string[], { items: ItemSummary[] }>({
    mutationFn: async (itemIds) => {
      const before = queryClient.getQueryData<OwnerCourse>(courseKeys.course(pageId));
      if (before) queryClient.setQueryData<OwnerCourse>(courseKeys.course(pageId), { ...before, lessons: orderedBy(before.lessons, itemIds) });
      try {
        return await send<{ items: ItemSummary[] }>(client, COURSE_ROUTES.orderLessons, { params: { pageId }, body: { itemIds } });
      } catch (error) {
        if (before) queryClient.setQueryData(courseKeys.course(pageId), before);
        throw error;
      }
    },
    invalidates: [courseKeys.course(pageId), contentKeys.items(pageId)],
  });
}

/** The lessons in the order of `ids` (a lesson not named keeps its place after them). */
export function orderedBy(lessons: readonly OwnerLesson[], ids: readonly string[]): OwnerLesson[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...lessons].sort((a, b) => (rank.get(a.itemId) ?? ids.length) - (rank.get(b.itemId) ?? ids.length)).map((lesson, index) => ({ ...lesson, position: index }));
}

/** Replaces one lesson in the cached course with the server's answer (after a details save, an upload or a removal). */
export function useLessonAnswer(pageId: string) {
  const queryClient = useQueryClient();
  return (reply: OwnerLessonReply) => {
    queryClient.setQueryData<OwnerCourse>(courseKeys.course(pageId), (course) =>
      course ? { ...course, lessons: course.lessons.map((lesson) => (lesson.itemId === reply.lesson.itemId ? reply.lesson : lesson)) } : course,
    );
  };
}

export function useSaveLessonDetails(pageId: string, itemId: string) {
  const client = useOwnerClient();
  const answer = useLessonAnswer(pageId);
  return useOwnerMutation<UpdateLessonDetailsBody, OwnerLessonReply>({
    mutationFn: async (body) => {
      const reply = (await client.call(COURSE_ROUTES.details, { params: { itemId }, body })) as OwnerLessonReply;
      answer(reply);
      return reply;
    },
    invalidates: [courseKeys.course(pageId)],
  });
}

export function useDeleteLessonVideo(pageId: string, itemId: string) {
  const client = useOwnerClient();
  const answer = useLessonAnswer(pageId);
  return useOwnerMutation<void, OwnerLessonReply>({
    mutationFn: async () => {
      const reply = (await client.call(COURSE_ROUTES.deleteVideo, { params: { itemId } })) as OwnerLessonReply;
      answer(reply);
      return reply;
    },
    invalidates: [courseKeys.course(pageId)],
  });
}
