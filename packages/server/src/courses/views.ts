/**
 * What the course and lesson pages show of lessons, as pure functions of the rows: the outline (chapters of
 * numbered lessons with their preview mark, length and the member's completion), a lesson's player, lengths.
 */
import { embeddedPlayerOf } from './embed';
import { lessonVideoUrl } from './owner-service';
import type { LessonAccess } from './access';
import type { LessonProgress } from './progress';
import type { LessonRecord } from './queries';

/** '4:05', '1:02:03': a lesson's length as a player shows it; '' when unknown. */
export function durationLabel(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export interface OutlineLesson {
  id: string;
  number: number;
  title: string;
  url: string;
  chapter: string;
  isPreview: boolean;
  durationLabel: string;
  completed: boolean;
  /** The viewer may open it (a member, or a preview). */
  open: boolean;
}

export interface OutlineChapter {
  title: string;
  lessons: OutlineLesson[];
}

export interface CourseOutline {
  lessons: OutlineLesson[];
  /** Consecutive lessons of one chapter, in order; lessons without a chapter form untitled groups. */
  chapters: OutlineChapter[];
  lessonCount: number;
  completedCount: number;
}

export function courseOutline(lessons: readonly LessonRecord[], progress: ReadonlyMap<string, LessonProgress>, memberAccess: boolean): CourseOutline {
  const outline = lessons.map((lesson, index): OutlineLesson => {
    const isPreview = lesson.details?.is_preview ?? false;
    return {
      id: lesson.itemId,
      number: index + 1,
      title: lesson.title,
      url: `/${lesson.courseUrlId}/${lesson.urlId}`,
      chapter: lesson.details?.chapter ?? '',
      isPreview,
      durationLabel: durationLabel(lesson.details?.duration_seconds),
      completed: Boolean(progress.get(lesson.itemId)?.completedAt),
      open: memberAccess || isPreview,
    };
  });
  const chapters: OutlineChapter[] = [];
  for (const lesson of outline) {
    const last = chapters[chapters.length - 1];
    if (last && last.title === lesson.chapter) last.lessons.push(lesson);
    else chapters.push({ title: lesson.chapter, lessons: [lesson] });
  }
  return { lessons: outline, chapters, lessonCount: outline.length, completedCount: outline.filter((lesson) => lesson.completed).length };
}

export type LessonPlayerView =
  | { kind: 'file'; url: string; contentType: string }
  | { kind: 'embed'; provider: 'youtube' | 'vimeo'; playerUrl: string; videoUrl: string };

/** The lesson's player: its uploaded file (played through the gated video URL) or its embed; null for none. */
export function lessonPlayerOf(lesson: LessonRecord): LessonPlayerView | null {
  const source = lesson.details?.video_source ?? 'none';
  if (source === 'file' && lesson.video) return { kind: 'file', url: lessonVideoUrl(lesson.itemId), contentType: lesson.video.content_type };
  if (source === 'embed' && lesson.details?.embed_url) {
    const player = embeddedPlayerOf(lesson.details.embed_url);
    if (player) return { kind: 'embed', ...player };
  }
  return null;
}

/** "2 of 4 lessons complete" for a signed-in viewer; null otherwise. */
export function progressLabel(outline: CourseOutline, signedIn: boolean): string | null {
  if (!signedIn || outline.lessonCount === 0) return null;
  return `${outline.completedCount} of ${outline.lessonCount} ${outline.lessonCount === 1 ? 'lesson' : 'lessons'} complete`;
}

export const ACCESS_STATUS_LABEL: Record<LessonAccess, string> = { member: 'member', preview: 'preview', denied: 'denied' };
