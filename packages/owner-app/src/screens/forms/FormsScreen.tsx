import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useSubPath } from '../../app/router';
import { EDITOR_MESSAGES } from '../../ui/messages';
import { Empty } from '../../ui/states';
import { FormBuilder } from './FormBuilder';
import { FormList } from './FormList';
import { SubmissionList, SubmissionView } from './Submissions';
import { FORM_TEXTS } from './texts';
import './forms.css';

/**
 * The Forms screen: `/config/forms` the list, `/config/forms/<formId>` the builder (platform §3's five
 * sections, the fields with their order, a live preview), `/config/forms/<formId>/submissions` what visitors
 * sent, and `/config/forms/<formId>/submissions/<submissionId>` one of them.
 */
export default function FormsScreen() {
  const segments = useSubPath();
  const mayRead = useCan('forms:read');
  if (!mayRead) {
    return (
      <>
        <ScreenHeading>{FORM_TEXTS.title}</ScreenHeading>
        <Empty title={FORM_TEXTS.noAccess}>
          <p>{FORM_TEXTS.noAccessText}</p>
        </Empty>
      </>
    );
  }
  const [formId, part, submissionId, ...rest] = segments;
  if (!formId) return <FormList />;
  if (!part && rest.length === 0) return <FormBuilder key={formId} formId={formId} />;
  if (part === 'submissions' && !submissionId) return <SubmissionList key={formId} formId={formId} />;
  if (part === 'submissions' && submissionId && rest.length === 0) return <SubmissionView key={submissionId} formId={formId} submissionId={submissionId} />;
  return (
    <>
      <ScreenHeading>{FORM_TEXTS.title}</ScreenHeading>
      <Empty title={EDITOR_MESSAGES.unableToLocateContent} />
    </>
  );
}

