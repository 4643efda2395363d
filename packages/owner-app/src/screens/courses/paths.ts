/** The Courses screen's addresses. */
export const COURSES_PATH = '/config/courses';
export const coursePath = (pageId: string) => `${COURSES_PATH}/${encodeURIComponent(pageId)}`;
export const lessonPath = (pageId: string, itemId: string) => `${coursePath(pageId)}/lessons/${encodeURIComponent(itemId)}`;
