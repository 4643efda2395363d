import type { ReactNode } from 'react';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, useSubPath } from '../../app/router';
import { Empty } from '../../ui/states';
import { AreaEditor } from './AreaEditor';
import { AreaList } from './AreaList';
import { PagePasswords } from './PagePasswords';
import { MEMBERS_PATH, PASSWORDS_PATH } from './paths';
import { MEMBER_TEXTS as T } from './texts';
import './members.css';

type Tab = 'areas' | 'passwords';

/**
 * Members (issue 20) at `/config/members`: the member areas (`/new` creates one, `/<areaId>` edits one and lists
 * its members) and the password-protected pages (`/passwords`). A role with `members:read` alone sees it all
 * without the controls that change it; one without is told so, without a call.
 */
export default function MembersScreen() {
  const mayRead = useCan('members:read');
  const mayWrite = useCan('members:write');
  const [first = ''] = useSubPath();
  if (!mayRead) {
    return (
      <>
        <ScreenHeading>{T.title}</ScreenHeading>
        <Empty title={T.notAllowed}>
          <p>{T.notAllowedHelp}</p>
        </Empty>
      </>
    );
  }
  if (first === 'passwords') {
    return (
      <MemberTabs current="passwords">
        <PagePasswords mayWrite={mayWrite} />
      </MemberTabs>
    );
  }
  return (
    <MemberTabs current="areas">
      {first ? <AreaEditor key={first} areaId={first === 'new' ? '' : first} mayWrite={mayWrite} /> : <AreaList mayWrite={mayWrite} />}
    </MemberTabs>
  );
}

function MemberTabs({ current, children }: { current: Tab; children: ReactNode }) {
  const tabs: Array<[Tab, string, string]> = [
    ['areas', MEMBERS_PATH, T.areasTab],
    ['passwords', PASSWORDS_PATH, T.passwordsTab],
  ];
  return (
    <section className="members">
      <ScreenHeading>{T.title}</ScreenHeading>
      <nav className="screen-tabs" aria-label={T.tabs}>
        {tabs.map(([tab, to, label]) => (
          <Link key={tab} to={to} className="screen-tab" current={current === tab}>
            {label}
          </Link>
        ))}
      </nav>
      {children}
    </section>
  );
}
