import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useOwnerClient } from '../../api/client';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, Loading, LoadFailed, OutcomeLine, type Outcome } from '../../ui/states';
import { itemPath } from '../pages/paths';
import { useCourse, useDeleteLessonVideo, useLessonAnswer, useSaveLessonDetails, type OwnerLesson } from './courses-api';
import { checkLessonForm, lessonBodyOf, lessonFormOf, type LessonForm, type LessonFormErrors } from './lesson-form';
import { coursePath } from './paths';
import { COURSE_TEXTS as T, SOURCE_LABELS } from './texts';
import { sizeText, uploadLessonVideo, VideoUploadError } from './video-upload';

type Upload = { name: string; sent: number; total: number } | null;

/** One lesson's video and access (`/config/courses/<pageId>/lessons/<itemId>`). */
export function LessonDetails({ pageId, itemId, mayWrite }: { pageId: string; itemId: string; mayWrite: boolean }) {
  const course = useCourse(pageId);
  if (course.isPending) return <Loading />;
  if (course.isError) return <LoadFailed error={course.error} retry={() => void course.refetch()} />;
  const lesson = course.data.lessons.find((each) => each.itemId === itemId);
  const back = (
    <p className="courses-back">
      <Link to={coursePath(pageId)}>← {T.backToCourse(course.data.course.title)}</Link>
    </p>
  );
  if (!lesson) {
    return (
      <>
        {back}
        <Empty title={T.notFound} />
      </>
    );
  }
  return (
    <>
      {back}
      <LessonForm pageId={pageId} lesson={lesson} mayWrite={mayWrite} />
    </>
  );
}

function LessonForm({ pageId, lesson, mayWrite }: { pageId: string; lesson: OwnerLesson; mayWrite: boolean }) {
  const client = useOwnerClient();
  const save = useSaveLessonDetails(pageId, lesson.itemId);
  const removeVideo = useDeleteLessonVideo(pageId, lesson.itemId);
  const answer = useLessonAnswer(pageId);
  const { confirm } = useConfirm();
  const locale = useLocale();
  const [form, setForm] = useState<LessonForm>(() => lessonFormOf(lesson));
  const [errors, setErrors] = useState<LessonFormErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [upload, setUpload] = useState<Upload>(null);
  const [uploadError, setUploadError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const ids = { heading: useId(), chapter: useId(), embed: useId(), duration: useId(), file: useId(), preview: useId() };
  const size = (bytes: number) => sizeText(bytes, locale);
  const change = (patch: Partial<LessonForm>) => setForm((was) => ({ ...was, ...patch }));
  const readOnly = !mayWrite;

  useEffect(() => () => abort.current?.abort(), []);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploadError('');
    setOutcome(null);
    setUpload({ name: file.name, sent: 0, total: file.size });
    abort.current = new AbortController();
    try {
      const reply = await uploadLessonVideo(client, lesson.itemId, file, { signal: abort.current.signal, onProgress: (sent, total) => setUpload({ name: file.name, sent, total }) });
      answer(reply);
      setForm((was) => ({ ...was, videoSource: reply.lesson.videoSource }));
      setOutcome({ kind: 'done', text: T.uploaded(file.name) });
    } catch (error) {
      setUploadError(error instanceof VideoUploadError ? error.message : failureText(error));
    } finally {
      setUpload(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const askToRemoveVideo = async () => {
    const yes = await confirm({ title: T.removeVideoTitle, message: T.removeVideoMessage, confirmLabel: T.removeVideo, cancelLabel: T.keepVideo, destructive: true });
    if (!yes) return;
    try {
      const reply = await removeVideo.mutateAsync();
      setForm((was) => ({ ...was, videoSource: reply.lesson.videoSource }));
      setOutcome({ kind: 'done', text: T.videoRemoved });
    } catch (error) {
      setOutcome({ kind: 'refused', text: failureText(error) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkLessonForm(form);
    setErrors(found);
    if (found.embedUrl) return document.getElementById(ids.embed)?.focus();
    if (found.duration) return document.getElementById(ids.duration)?.focus();
    try {
      const reply = await save.mutateAsync(lessonBodyOf(form, lesson.video !== null));
      setForm(lessonFormOf(reply.lesson));
      setOutcome({ kind: 'done', text: T.saved });
    } catch (error) {
      if (isOwnerApiError(error)) {
        const placed: LessonFormErrors = {};
        for (const [path, message] of Object.entries(error.errors)) {
          if (path.startsWith('embedUrl')) placed.embedUrl = message;
          if (path.startsWith('durationSeconds')) placed.duration = message;
        }
        setErrors(placed);
      }
      setOutcome({ kind: 'refused', text: failureText(error) });
    }
  };

  const percent = upload && upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0;
  return (
    <form className="card courses-lesson-form" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <div className="courses-course-head">
        <h2 id={ids.heading}>{lesson.title}</h2>
        <span className="courses-links">
          <Link to={itemPath(pageId, lesson.itemId)}>{T.editText}</Link>
        </span>
      </div>
      {!mayWrite ? <p className="muted">{T.readOnly}</p> : null}
      <fieldset className="courses-fieldset" disabled={readOnly || save.isPending}>
        <legend className="visually-hidden">{T.details}</legend>
        <div className="field courses-field">
          <label htmlFor={ids.chapter}>{T.chapter}</label>
          <input id={ids.chapter} type="text" value={form.chapter} maxLength={200} aria-describedby={`${ids.chapter}-help`} onChange={(event) => change({ chapter: event.target.value })} />
          <p id={`${ids.chapter}-help`} className="muted courses-help">{T.chapterHelp}</p>
        </div>
        <fieldset className="courses-choice">
          <legend>{T.videoLegend}</legend>
          {(['none', 'file', 'embed'] as const).map((source) => (
            <label key={source} className="courses-radio">
              <input type="radio" name="videoSource" value={source} checked={form.videoSource === source} onChange={() => change({ videoSource: source })} />
              <span>{SOURCE_LABELS[source]}</span>
            </label>
          ))}
        </fieldset>
        {form.videoSource === 'file' ? (
          <div className="courses-video-file">
            {lesson.video ? (
              <p className="courses-current-file">
                <span className="muted">{T.currentFile}: </span>
                <strong>{lesson.video.fileName}</strong> · {size(lesson.video.byteSize)}
              </p>
            ) : null}
            {mayWrite ? (
              <div className="field courses-field">
                <label htmlFor={ids.file}>{lesson.video ? T.replaceFile : T.videoFileLabel}</label>
                <input
                  ref={fileInput}
                  id={ids.file}
                  type="file"
                  accept="video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.m4v,.webm,.ogv,.mov"
                  disabled={upload !== null}
                  aria-describedby={`${ids.file}-help${uploadError ? ` ${ids.file}-error` : ''}`}
                  onChange={(event) => void chooseFile(event)}
                />
                <p id={`${ids.file}-help`} className="muted courses-help">{T.videoFileHelp}</p>
              </div>
            ) : null}
            {upload ? (
              <div className="courses-upload" role="status">
                <span>{T.uploading(upload.name)}</span>
                <progress max={upload.total || 1} value={upload.sent} aria-label={T.uploading(upload.name)} />
                <span className="muted">{T.uploadProgress(size(upload.sent), size(upload.total), percent)}</span>
              </div>
            ) : null}
            {uploadError ? (
              <div id={`${ids.file}-error`} className="courses-upload-error" role="alert">
                <strong>{T.uploadFailedTitle}</strong>
                <span>{uploadError}</span>
              </div>
            ) : null}
            {mayWrite && lesson.video ? (
              <button type="button" className="button button-secondary courses-danger-button" disabled={removeVideo.isPending || upload !== null} onClick={() => void askToRemoveVideo()}>
                {T.removeVideo}
              </button>
            ) : null}
          </div>
        ) : null}
        {form.videoSource === 'embed' ? (
          <div className="field courses-field">
            <label htmlFor={ids.embed}>{T.embedUrl}</label>
            <input
              id={ids.embed}
              type="url"
              value={form.embedUrl}
              maxLength={2048}
              aria-invalid={errors.embedUrl ? true : undefined}
              aria-describedby={`${ids.embed}-help${errors.embedUrl ? ` ${ids.embed}-error` : ''}`}
              onChange={(event) => change({ embedUrl: event.target.value })}
            />
            <p id={`${ids.embed}-help`} className="muted courses-help">{T.embedHelp}</p>
            {errors.embedUrl ? <p id={`${ids.embed}-error`} className="field-error">{errors.embedUrl}</p> : null}
          </div>
        ) : null}
        <div className="field courses-field courses-field-short">
          <label htmlFor={ids.duration}>{T.duration}</label>
          <input
            id={ids.duration}
            type="text"
            inputMode="numeric"
            value={form.duration}
            placeholder="12:30"
            aria-invalid={errors.duration ? true : undefined}
            aria-describedby={`${ids.duration}-help${errors.duration ? ` ${ids.duration}-error` : ''}`}
            onChange={(event) => change({ duration: event.target.value })}
          />
          <p id={`${ids.duration}-help`} className="muted courses-help">{T.durationHelp}</p>
          {errors.duration ? <p id={`${ids.duration}-error`} className="field-error">{errors.duration}</p> : null}
        </div>
        <div className="courses-preview">
          <label className="courses-check">
            <input id={ids.preview} type="checkbox" checked={form.isPreview} aria-describedby={`${ids.preview}-help`} onChange={(event) => change({ isPreview: event.target.checked })} />
            <span>{T.previewLabel}</span>
          </label>
          <p id={`${ids.preview}-help`} className="muted courses-help">{T.previewHelp}</p>
        </div>
      </fieldset>
      <OutcomeLine outcome={outcome} className="courses-outcome" />
      {mayWrite ? (
        <div className="courses-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending || upload !== null}>
            {save.isPending ? T.saving : T.save}
          </button>
        </div>
      ) : null}
    </form>
  );
}
