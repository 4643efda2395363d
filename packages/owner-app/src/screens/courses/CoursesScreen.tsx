import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useSubPath } from '../../app/router';
import { CourseList } from './CourseList';
import { CourseView } from './CourseView';
import { LessonDetails } from './LessonDetails';
import { COURSE_TEXTS as T } from './texts';
import './courses.css';

/**
 * Courses (issue 20) at `/config/courses`: the course pages (New course), one course (`/<pageId>`: its lessons in
 * order — drag or Move up / Move down —, Add lesson, the members' progress) and one lesson's video and access
 * (`/<pageId>/lessons/<itemId>`: an uploaded file with its progress, or a YouTube / Vimeo address; length, chapter,
 * the free preview flag). A lesson's text is written in the Pages editor, linked from here. A role with
 * `content:read` alone sees it all without the controls.
 */
export default function CoursesScreen() {
  const mayWrite = useCan('content:write');
  const [pageId = '', section = '', itemId = ''] = useSubPath();
  return (
    <section className="courses">
      <ScreenHeading>{T.title}</ScreenHeading>
      {!pageId ? (
        <CourseList mayWrite={mayWrite} />
      ) : section === 'lessons' && itemId ? (
        <LessonDetails key={itemId} pageId={pageId} itemId={itemId} mayWrite={mayWrite} />
      ) : (
        <CourseView key={pageId} pageId={pageId} mayWrite={mayWrite} />
      )}
    </section>
  );
}
