import type { LessonVideoSourceName, UpdateLessonDetailsBody } from '@vitrine/contracts';
import type { OwnerLesson } from './courses-api';
import { COURSE_TEXTS as T } from './texts';

/** A lesson's details as typed. The length is text ('12:30'); the rest as the lesson has them. */
export interface LessonForm {
  chapter: string;
  videoSource: LessonVideoSourceName;
  embedUrl: string;
  duration: string;
  isPreview: boolean;
}

export type LessonFormErrors = Partial<Record<'embedUrl' | 'duration', string>>;

const MAX_SECONDS = 86_400;

/** Seconds as '12:30' or '1:05:00' ('' for none). */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** '12:30' → 750, '1:05:00' → 3900, '45' (minutes) → 2700, '' → null; undefined when it cannot be read or is over a day. */
export function parseDuration(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return undefined;
  const numbers = parts.map(Number);
  let seconds: number;
  if (numbers.length === 1) seconds = numbers[0]! * 60;
  else if (numbers.length === 2) seconds = numbers[1]! < 60 ? numbers[0]! * 60 + numbers[1]! : NaN;
  else seconds = numbers[1]! < 60 && numbers[2]! < 60 ? numbers[0]! * 3600 + numbers[1]! * 60 + numbers[2]! : NaN;
  return Number.isFinite(seconds) && seconds <= MAX_SECONDS ? seconds : undefined;
}

/** An address a lesson may embed: https on YouTube or Vimeo (the server checks it again and makes the player's address). */
export function isEmbeddableUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'https:') return false;
    const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '');
    return ['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com', 'player.vimeo.com'].includes(host);
  } catch {
    return false;
  }
}

export function lessonFormOf(lesson: OwnerLesson): LessonForm {
  return {
    chapter: lesson.chapter,
    videoSource: lesson.videoSource,
    embedUrl: lesson.embedUrl ?? '',
    duration: durationText(lesson.durationSeconds),
    isPreview: lesson.isPreview,
  };
}

export function checkLessonForm(form: LessonForm): LessonFormErrors {
  const errors: LessonFormErrors = {};
  if (form.videoSource === 'embed' && !isEmbeddableUrl(form.embedUrl)) errors.embedUrl = T.embedInvalid;
  if (parseDuration(form.duration) === undefined) errors.duration = T.durationInvalid;
  return errors;
}

/**
 * The details call's body: every field the form holds. An embed's address goes only with the embed source (a
 * lesson switched to its file or to none keeps no stale address). 'file' is sent only when the lesson has a
 * file (uploading one makes the lesson play it already); before that the source is left as it was.
 */
export function lessonBodyOf(form: LessonForm, hasFile: boolean): UpdateLessonDetailsBody {
  return {
    chapter: form.chapter.trim(),
    ...(form.videoSource === 'file' && !hasFile ? {} : { videoSource: form.videoSource }),
    embedUrl: form.videoSource === 'embed' ? form.embedUrl.trim() : null,
    durationSeconds: parseDuration(form.duration) ?? null,
    isPreview: form.isPreview,
  };
}

/** The one line a lesson's video is summed up in, in the course's list. */
export function videoSummary(lesson: OwnerLesson, size: (bytes: number) => string): string {
  if (lesson.videoSource === 'file' && lesson.video) return T.videoFile(lesson.video.fileName, size(lesson.video.byteSize));
  if (lesson.videoSource === 'embed' && lesson.embedUrl) return T.videoEmbed;
  return T.videoNone;
}
