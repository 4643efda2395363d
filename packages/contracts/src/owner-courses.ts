import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Courses and lessons (issue 20 item 2). A course is a site page of kind 'course' and its lessons are its items
 * (record type 62), made, edited, published and reordered through the content calls (owner-content.ts). These
 * calls carry what only a lesson has: its video (an uploaded file, streamed, or a YouTube / Vimeo address), its
 * length, its chapter, the video paywall flag (`isPreview`: open to visitors without access to the course), and
 * the members' progress. The upload is the raw file as the body (like a digital product's file), so its contract
 * has no body schema. The shopper's progress call is `saveLessonProgressContract`.
 */

const tags = ['owner', 'courses'];

export const LESSON_VIDEO_SOURCES = ['none', 'file', 'embed'] as const;
export type LessonVideoSourceName = (typeof LESSON_VIDEO_SOURCES)[number];

export const COURSE_LIMITS = {
  /** An uploaded lesson video: 200 MB, like a digital product's file. */
  videoBytes: 200 * 1024 * 1024,
  fileNameLength: 200,
  embedUrlLength: 2_048,
  chapterLength: 200,
  /** A lesson's length and a member's position in it: up to a day. */
  maxSeconds: 86_400,
} as const;

/** The video types a lesson's upload may be (what a browser's <video> plays). */
export const LESSON_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime'] as const;

export const COURSE_MESSAGES = {
  pageId: 'pageId must be a page id.',
  itemId: 'itemId must be a lesson id.',
  notACourse: 'This page is not a course.',
  notALesson: 'This item is not a lesson of a course.',
  videoSource: `videoSource must be one of ${LESSON_VIDEO_SOURCES.join(', ')}.`,
  embedUrl: 'Enter a YouTube or Vimeo video address (https://…).',
  embedUrlMissing: 'An embedded video needs its address (embedUrl).',
  noVideoFile: 'Upload the video file first: this lesson has none.',
  durationSeconds: `durationSeconds must be a whole number of seconds from 0 to ${COURSE_LIMITS.maxSeconds}, or null.`,
  isPreview: 'isPreview must be true or false.',
  chapter: `chapter must be text of ${COURSE_LIMITS.chapterLength} characters at most.`,
  name: `The file name must be text of 1 to ${COURSE_LIMITS.fileNameLength} characters.`,
  noName: 'Name the file: send its name in the X-File-Name header or the name query parameter.',
  emptyFile: 'The file is empty.',
  tooLarge: 'The file is larger than 200 MB.',
  videoType: `The video must be one of ${LESSON_VIDEO_TYPES.join(', ')} (send it as the Content-Type).`,
  interrupted: 'The upload was interrupted; nothing was saved. Please try again.',
  /** The shopper's progress call. */
  positionSeconds: `positionSeconds must be a whole number of seconds from 0 to ${COURSE_LIMITS.maxSeconds}.`,
  completed: 'completed must be true (a lesson, once complete, stays complete).',
  progressEmpty: 'Send positionSeconds, completed or both.',
  signInForProgress: 'Sign in to keep your progress.',
  lessonDenied: 'This lesson is for members only.',
  lessonNotFound: 'No such lesson.',
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const IdText = (message: string) => Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(message) });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const CoursePageParamsSchema = RequestParams({ pageId: IdText(COURSE_MESSAGES.pageId) });
export const LessonParamsSchema = RequestParams({ itemId: IdText(COURSE_MESSAGES.itemId) });

// ---------------------------------------------------------------------------------------------
// Answers

export const LessonVideoSchema = ResponseObject({
  id: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
  sha256: Type.String(),
  /** Where the course's pages play it: `/api/courses/videos/{itemId}` (ranges, access checked). */
  url: Type.String(),
  updatedAt: Type.String(),
});
export type LessonVideoJson = Static<typeof LessonVideoSchema>;

export const OwnerLessonSchema = ResponseObject({
  itemId: Type.String(),
  title: Type.String(),
  urlId: Type.String(),
  fullUrl: Type.String(),
  status: Type.String(),
  position: Type.Integer(),
  chapter: Type.String(),
  videoSource: Type.Unsafe<LessonVideoSourceName>({ type: 'string', enum: [...LESSON_VIDEO_SOURCES] }),
  embedUrl: Nullable(Type.String()),
  durationSeconds: Nullable(Type.Integer()),
  isPreview: Type.Boolean(),
  video: Nullable(LessonVideoSchema),
});
export type OwnerLessonJson = Omit<Static<typeof OwnerLessonSchema>, 'videoSource'> & { videoSource: LessonVideoSourceName };

export const OwnerCourseSchema = ResponseObject({
  course: ResponseObject({ id: Type.String(), title: Type.String(), urlId: Type.String(), fullUrl: Type.String(), status: Type.String() }),
  /** In the owner's order (the content calls' reorder changes it). */
  lessons: Type.Array(OwnerLessonSchema),
});
export type OwnerCourseJson = { course: Static<typeof OwnerCourseSchema>['course']; lessons: OwnerLessonJson[] };

export const OwnerLessonReplySchema = ResponseObject({ lesson: OwnerLessonSchema });
export type OwnerLessonReply = { lesson: OwnerLessonJson };

export const CourseProgressSchema = ResponseObject({
  /** Site users with any progress in the course. */
  learners: Type.Integer(),
  /** Of them, those who completed every live lesson. */
  finishers: Type.Integer(),
  lessons: Type.Array(ResponseObject({ itemId: Type.String(), title: Type.String(), started: Type.Integer(), completed: Type.Integer() })),
});
export type CourseProgressJson = Static<typeof CourseProgressSchema>;

// ---------------------------------------------------------------------------------------------
// Owner calls

// GET /api/owner/courses/:pageId

export const getOwnerCourseContract = defineContract({
  operationId: 'getOwnerCourse',
  method: 'GET',
  url: '/api/owner/courses/:pageId',
  summary: "A course page and its lessons in order, each with its video, length, chapter and preview flag (drafts included).",
  tags,
  access: 'content:read',
  schema: { params: CoursePageParamsSchema, response: { 200: OwnerCourseSchema, ...ERROR_RESPONSES } },
});

// PUT /api/owner/lessons/:itemId/details

export const UpdateLessonDetailsBodySchema = RequestBody({
  videoSource: Type.Optional(
    Type.Unsafe<LessonVideoSourceName>({ type: 'string', enum: [...LESSON_VIDEO_SOURCES], pattern: `^(${LESSON_VIDEO_SOURCES.join('|')})$`, ...withMessage(COURSE_MESSAGES.videoSource) }),
  ),
  embedUrl: Type.Optional(Type.Union([Text({ minLength: 1, maxLength: COURSE_LIMITS.embedUrlLength }), Type.Null()], withMessage(COURSE_MESSAGES.embedUrl))),
  durationSeconds: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: COURSE_LIMITS.maxSeconds }), Type.Null()], withMessage(COURSE_MESSAGES.durationSeconds))),
  isPreview: Type.Optional(Type.Boolean(withMessage(COURSE_MESSAGES.isPreview))),
  chapter: Type.Optional(Text({ maxLength: COURSE_LIMITS.chapterLength, ...withMessage(COURSE_MESSAGES.chapter) })),
});
export type UpdateLessonDetailsBody = Static<typeof UpdateLessonDetailsBodySchema>;

export const updateLessonDetailsContract = defineContract({
  operationId: 'updateLessonDetails',
  method: 'PUT',
  url: '/api/owner/lessons/:itemId/details',
  summary: "Changes a lesson's video source ('file' needs an uploaded video, 'embed' a YouTube or Vimeo address), length, chapter or preview flag: the fields given.",
  tags,
  access: 'content:write',
  schema: { params: LessonParamsSchema, body: UpdateLessonDetailsBodySchema, response: { 200: OwnerLessonReplySchema, ...ERROR_RESPONSES } },
});

// PUT /api/owner/lessons/:itemId/video (the raw file as the body)

export const UploadLessonVideoQuerySchema = RequestQuery({
  name: Type.Optional(Text({ minLength: 1, maxLength: COURSE_LIMITS.fileNameLength, ...withMessage(COURSE_MESSAGES.name) })),
});

export const uploadLessonVideoContract = defineContract({
  operationId: 'uploadLessonVideo',
  method: 'PUT',
  url: '/api/owner/lessons/:itemId/video',
  summary: "Uploads (or replaces) a lesson's video: the raw bytes as the body (video/mp4, webm, ogg or quicktime, at most 200 MB), named by X-File-Name or ?name=; the lesson then plays it.",
  tags,
  access: 'content:write',
  schema: { params: LessonParamsSchema, querystring: UploadLessonVideoQuerySchema, response: { 200: OwnerLessonReplySchema, ...ERROR_RESPONSES } },
});

// DELETE /api/owner/lessons/:itemId/video

export const deleteLessonVideoContract = defineContract({
  operationId: 'deleteLessonVideo',
  method: 'DELETE',
  url: '/api/owner/lessons/:itemId/video',
  summary: "Removes a lesson's uploaded video (a lesson that played it then has no video).",
  tags,
  access: 'content:write',
  schema: { params: LessonParamsSchema, response: { 200: OwnerLessonReplySchema, ...ERROR_RESPONSES } },
});

// GET /api/owner/courses/:pageId/progress

export const getCourseProgressContract = defineContract({
  operationId: 'getCourseProgress',
  method: 'GET',
  url: '/api/owner/courses/:pageId/progress',
  summary: "The members' progress in a course: how many started and completed each lesson, learners and those who finished.",
  tags,
  access: 'content:read',
  schema: { params: CoursePageParamsSchema, response: { 200: CourseProgressSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// The shopper's call: PUT /api/courses/lessons/:itemId/progress (signed in, with access to the lesson)

export const SaveLessonProgressBodySchema = RequestBody({
  positionSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: COURSE_LIMITS.maxSeconds, ...withMessage(COURSE_MESSAGES.positionSeconds) })),
  completed: Type.Optional(Type.Literal(true, withMessage(COURSE_MESSAGES.completed))),
});
export type SaveLessonProgressBody = Static<typeof SaveLessonProgressBodySchema>;

export const LessonProgressSchema = ResponseObject({
  itemId: Type.String(),
  positionSeconds: Type.Integer(),
  completed: Type.Boolean(),
  completedAt: Nullable(Type.String()),
});
export type LessonProgressJson = Static<typeof LessonProgressSchema>;

export const saveLessonProgressContract = defineContract({
  operationId: 'saveLessonProgress',
  method: 'PUT',
  url: '/api/courses/lessons/:itemId/progress',
  summary: "The signed-in member's progress in a lesson: where they stopped (positionSeconds) and/or that they completed it (once; it stays complete).",
  tags: ['courses'],
  schema: { params: LessonParamsSchema, body: SaveLessonProgressBodySchema, response: { 200: ResponseObject({ progress: LessonProgressSchema }), ...ERROR_RESPONSES } },
});

export const OWNER_COURSE_CONTRACTS = [
  getOwnerCourseContract,
  updateLessonDetailsContract,
  uploadLessonVideoContract,
  deleteLessonVideoContract,
  getCourseProgressContract,
  saveLessonProgressContract,
] as const;
