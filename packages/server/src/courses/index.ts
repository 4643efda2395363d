/**
 * The courses domain (issue 20 item 2; tables lesson_details, lesson_videos, lesson_progress; migration 032):
 * lessons' videos (uploaded files served by range, or embeds), the video paywall flag, members' progress, the
 * owner's lesson calls. Course pages and lessons themselves are the content domain's pages and items.
 */
export { registerCourseRoutes } from './routes';
export { LocalDiskLessonVideoStore, ObjectLessonVideoStore, type LessonVideoStore } from './video-store';
export { lessonVideoRemovalHandler, queueDeletedLessonVideos } from './video-sweep';
export { loadCoursePageData, loadLessonPageData, type CoursePageData, type LessonPageData } from './page-data';
export { isOpenPreviewLesson, lessonAccessFrom, type LessonAccess } from './access';
export { seedDemoCourse, DEMO_COURSE } from './demo';
