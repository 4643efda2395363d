import type { PageSummaryJson, PageTreeJson } from '@vitrine/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link, navigate } from '../../app/router';
import { failureText } from '../../ui/messages';
import { Empty, ReadStates } from '../../ui/states';
import { usePageTree } from '../pages/content-api';
import { useCreateCourse } from './courses-api';
import { coursePath } from './paths';
import { CONTENT_STATUS_WORDS, COURSE_TEXTS as T } from './texts';

/** The course pages of the page tree, in its order (the navigation, its folders, then the pages not linked). */
export function coursesOf(tree: PageTreeJson | undefined): PageSummaryJson[] {
  if (!tree) return [];
  return [...tree.navigation.flatMap((node) => [node, ...node.children]), ...tree.notLinked].filter((row) => row.kind === 'course');
}

/** The courses, with New course for roles that write content. */
export function CourseList({ mayWrite }: { mayWrite: boolean }) {
  const tree = usePageTree();
  const create = useCreateCourse();
  const [title, setTitle] = useState('');
  const [inNavigation, setInNavigation] = useState(true);
  const [refusal, setRefusal] = useState('');
  const ids = { title: useId(), heading: useId() };
  const courses = coursesOf(tree.data);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      const page = await create.mutateAsync({ title: title.trim(), inNavigation });
      navigate(coursePath(page.id));
    } catch (error) {
      setRefusal(failureText(error));
    }
  };

  return (
    <>
      <p className="muted courses-intro">{T.intro}</p>
      {!mayWrite ? <p className="muted">{T.readOnly}</p> : null}
      {mayWrite ? (
        <form className="card courses-new" onSubmit={submit} aria-labelledby={ids.heading}>
          <h2 id={ids.heading}>{T.newCourse}</h2>
          <div className="courses-new-fields">
            <div className="field courses-field courses-grow">
              <label htmlFor={ids.title}>{T.courseTitle}</label>
              <input id={ids.title} type="text" value={title} maxLength={200} required onChange={(event) => setTitle(event.target.value)} />
            </div>
            <label className="courses-check">
              <input type="checkbox" checked={inNavigation} onChange={(event) => setInNavigation(event.target.checked)} />
              <span>{T.inNavigation}</span>
            </label>
            <button type="submit" className="button button-primary" disabled={create.isPending}>
              {T.create}
            </button>
          </div>
          {refusal ? (
            <p className="field-error" role="alert">
              {refusal}
            </p>
          ) : null}
        </form>
      ) : null}
      <ReadStates
        read={tree}
        isEmpty={courses.length === 0}
        empty={
          <Empty title={T.noCourses}>
            <p className="muted">{T.noCoursesHelp}</p>
          </Empty>
        }
      >
        {() => (
          <div className="card courses-card">
            <table className="data-table courses-table stacks-on-phone">
              <caption className="visually-hidden">{T.coursesCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.course}</th>
                  <th scope="col">{T.address}</th>
                  <th scope="col">{T.status}</th>
                </tr>
              </thead>
              <tbody>
                {courses.map((course) => (
                  <tr key={course.id}>
                    <th scope="row">
                      <Link to={coursePath(course.id)}>{course.title}</Link>
                    </th>
                    <td data-label={T.address} className="path">{course.fullUrl}</td>
                    <td data-label={T.status}>
                      <span className={`courses-status courses-status-${course.status}`}>{CONTENT_STATUS_WORDS[course.status] ?? course.status}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ReadStates>
    </>
  );
}
