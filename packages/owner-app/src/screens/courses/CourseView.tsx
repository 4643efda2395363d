import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed, ReadStates } from '../../ui/states';
import { DRAG_INSTRUCTIONS, dragAnnouncements } from '../pages/drag-words';
import { pagePath } from '../pages/paths';
import { useCourse, useCourseProgress, useCreateLesson, useDeleteLesson, useOrderLessons, type OwnerCourse, type OwnerLesson } from './courses-api';
import { videoSummary } from './lesson-form';
import { COURSES_PATH, lessonPath } from './paths';
import { CONTENT_STATUS_WORDS, COURSE_TEXTS as T } from './texts';
import { sizeText } from './video-upload';

type Message = { kind: 'status' | 'alert'; text: string } | null;

/** One course: its lessons in order (reorder, add, delete) and the members' progress. */
export function CourseView({ pageId, mayWrite }: { pageId: string; mayWrite: boolean }) {
  const course = useCourse(pageId);
  if (course.isPending) return <Loading />;
  if (course.isError) return <LoadFailed error={course.error} retry={() => void course.refetch()} />;
  const { title, fullUrl } = course.data.course;
  return (
    <>
      <p className="courses-back">
        <Link to={COURSES_PATH}>← {T.allCourses}</Link>
      </p>
      <div className="courses-course-head">
        <h2>{title}</h2>
        <span className="courses-links">
          <a href={fullUrl} target="_blank" rel="noopener">
            {T.viewOnSite}
          </a>
          <Link to={pagePath(pageId)}>{T.editPage}</Link>
        </span>
      </div>
      {!mayWrite ? <p className="muted">{T.readOnly}</p> : null}
      <Lessons course={course.data} pageId={pageId} mayWrite={mayWrite} />
      <Progress pageId={pageId} />
    </>
  );
}

function Lessons({ course, pageId, mayWrite }: { course: OwnerCourse; pageId: string; mayWrite: boolean }) {
  const create = useCreateLesson(pageId);
  const order = useOrderLessons(pageId);
  const remove = useDeleteLesson(pageId);
  const { confirm } = useConfirm();
  const locale = useLocale();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const pendingFocus = useRef<{ itemId: string; direction: -1 | 1; index: number } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const ids = { heading: useId(), title: useId(), help: useId() };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const lessons = course.lessons;

  // After Move up / Move down the focus stays on the lesson's button, or its other one when that end is reached:
  // once the lesson is drawn in its new place (moving a row in the document takes the focus away from it).
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted || !list.current || lessons.findIndex((lesson) => lesson.itemId === wanted.itemId) !== wanted.index) return;
    pendingFocus.current = null;
    const row = list.current.querySelector<HTMLElement>(`[data-lesson-id="${window.CSS.escape(wanted.itemId)}"]`);
    const same = row?.querySelector<HTMLButtonElement>(wanted.direction < 0 ? '.courses-move-up' : '.courses-move-down');
    const other = row?.querySelector<HTMLButtonElement>(wanted.direction < 0 ? '.courses-move-down' : '.courses-move-up');
    (same && !same.disabled ? same : other)?.focus();
  });

  const reorder = async (itemIds: string[], moved: OwnerLesson) => {
    try {
      await order.mutateAsync(itemIds);
      setMessage({ kind: 'status', text: T.moved(moved.title, itemIds.indexOf(moved.itemId) + 1, itemIds.length) });
    } catch (error) {
      pendingFocus.current = null;
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  const move = (lesson: OwnerLesson, direction: -1 | 1) => {
    if (order.isPending) return;
    const itemIds = lessons.map((each) => each.itemId);
    const from = itemIds.indexOf(lesson.itemId);
    pendingFocus.current = { itemId: lesson.itemId, direction, index: from + direction };
    void reorder(arrayMove(itemIds, from, from + direction), lesson);
  };
  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    const itemIds = lessons.map((each) => each.itemId);
    const moved = lessons.find((each) => each.itemId === event.active.id);
    if (moved) void reorder(arrayMove(itemIds, itemIds.indexOf(moved.itemId), itemIds.indexOf(String(event.over.id))), moved);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim();
    if (!name) return;
    try {
      await create.mutateAsync({ title: name });
      setTitle('');
      setMessage({ kind: 'status', text: T.lessonAdded(name) });
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  const askToDelete = async (lesson: OwnerLesson) => {
    const yes = await confirm({ title: T.deleteTitle(lesson.title), message: T.deleteMessage, confirmLabel: T.deleteLesson, cancelLabel: T.keepLesson, destructive: true });
    if (!yes) return;
    try {
      await remove.mutateAsync(lesson.itemId);
      setMessage({ kind: 'status', text: T.lessonDeleted(lesson.title) });
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };

  return (
    <section className="card courses-lessons" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{T.lessons}</h2>
      {mayWrite ? (
        <form className="courses-new-fields" onSubmit={submit} aria-label={T.addLesson}>
          <div className="field courses-field courses-grow">
            <label htmlFor={ids.title}>{T.lessonTitle}</label>
            <input id={ids.title} type="text" value={title} maxLength={200} required onChange={(event) => setTitle(event.target.value)} />
          </div>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {T.addLesson}
          </button>
        </form>
      ) : null}
      {mayWrite && lessons.length > 1 ? (
        <p id={ids.help} className="muted courses-help">
          {T.lessonsHelp}
        </p>
      ) : null}
      {lessons.length === 0 ? (
        <p className="muted">{T.noLessons}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: dragAnnouncements((id) => lessons.find((lesson) => lesson.itemId === id)?.title ?? String(id)), screenReaderInstructions: DRAG_INSTRUCTIONS }}
        >
          <SortableContext items={lessons.map((lesson) => lesson.itemId)} strategy={verticalListSortingStrategy}>
            <ol className="courses-lesson-list" aria-label={T.lessons} ref={list}>
              {lessons.map((lesson, index) => (
                <LessonRow
                  key={lesson.itemId}
                  lesson={lesson}
                  pageId={pageId}
                  number={index + 1}
                  first={index === 0}
                  last={index === lessons.length - 1}
                  mayWrite={mayWrite}
                  video={videoSummary(lesson, (bytes) => sizeText(bytes, locale))}
                  onMove={(direction) => move(lesson, direction)}
                  onDelete={() => void askToDelete(lesson)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {message ? (
        <p className={message.kind === 'alert' ? 'field-error' : 'muted courses-message'} role={message.kind === 'alert' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

interface LessonRowProps {
  lesson: OwnerLesson;
  pageId: string;
  number: number;
  first: boolean;
  last: boolean;
  mayWrite: boolean;
  video: string;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

function LessonRow({ lesson, pageId, number, first, last, mayWrite, video, onMove, onDelete }: LessonRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: lesson.itemId, disabled: !mayWrite });
  const status = lesson.status === 'published' ? null : (CONTENT_STATUS_WORDS[lesson.status] ?? lesson.status);
  return (
    <li ref={setNodeRef} data-lesson-id={lesson.itemId} className={`courses-lesson${isDragging ? ' courses-lesson-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      {mayWrite ? (
        <button type="button" ref={setActivatorNodeRef} className="courses-handle" {...attributes} {...listeners} aria-label={T.dragHandle(lesson.title)}>
          <span aria-hidden="true">⋮⋮</span>
        </button>
      ) : null}
      <span className="courses-lesson-number" aria-hidden="true">
        {number}
      </span>
      <span className="courses-lesson-main">
        <Link to={lessonPath(pageId, lesson.itemId)}>{lesson.title}</Link>
        <span className="muted courses-lesson-meta">
          {lesson.chapter ? `${lesson.chapter} · ` : ''}
          {video}
        </span>
      </span>
      <span className="courses-badges">
        <span className={`courses-badge ${lesson.isPreview ? 'courses-badge-preview' : ''}`}>{lesson.isPreview ? T.preview : T.membersOnly}</span>
        {status ? <span className={`courses-status courses-status-${lesson.status}`}>{status}</span> : null}
      </span>
      {mayWrite ? (
        <span className="courses-lesson-actions">
          <button type="button" className="button button-plain courses-move-up" disabled={first} onClick={() => onMove(-1)} aria-label={T.moveUpNamed(lesson.title)}>
            <span aria-hidden="true">↑</span>
          </button>
          <button type="button" className="button button-plain courses-move-down" disabled={last} onClick={() => onMove(1)} aria-label={T.moveDownNamed(lesson.title)}>
            <span aria-hidden="true">↓</span>
          </button>
          <button type="button" className="button button-plain courses-danger" onClick={onDelete} aria-label={T.deleteNamed(lesson.title)}>
            {T.deleteLesson}
          </button>
        </span>
      ) : null}
    </li>
  );
}

function Progress({ pageId }: { pageId: string }) {
  const progress = useCourseProgress(pageId);
  const headingId = useId();
  return (
    <section className="card courses-progress" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.progress}</h2>
      <ReadStates read={progress}>
        {(courseProgress) => (
          <>
            <dl className="courses-figures">
              <div>
                <dt>{T.learners}</dt>
                <dd>{courseProgress.learners}</dd>
              </div>
              <div>
                <dt>{T.finishers}</dt>
                <dd>{courseProgress.finishers}</dd>
              </div>
            </dl>
            {courseProgress.learners === 0 ? <p className="muted">{T.noProgress}</p> : null}
            {courseProgress.learners > 0 && courseProgress.lessons.length > 0 ? (
              <table className="data-table courses-table">
                <caption className="visually-hidden">{T.progressCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.lesson}</th>
                    <th scope="col" className="numeric">{T.started}</th>
                    <th scope="col" className="numeric">{T.completed}</th>
                  </tr>
                </thead>
                <tbody>
                  {courseProgress.lessons.map((lesson) => (
                    <tr key={lesson.itemId}>
                      <th scope="row">{lesson.title}</th>
                      <td className="numeric">{lesson.started}</td>
                      <td className="numeric">{lesson.completed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        )}
      </ReadStates>
    </section>
  );
}
