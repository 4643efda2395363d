import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useCan, useOwner } from '../../api/hooks';
import { Link, useSubPath } from '../../app/router';
import { ScreenHeading } from '../../app/ScreenHeading';
import { EDITOR_MESSAGES } from '../../ui/messages';
import { Empty, Loading } from '../../ui/states';
import { SETTINGS_SECTIONS, settingsSectionAt, type SettingsSection } from './sections';
import './settings.css';

const lazySections = new Map<string, LazyExoticComponent<ComponentType>>(SETTINGS_SECTIONS.map((section) => [section.slug, lazy(section.load)]));

/** `/config/settings`: the sections the role may read, grouped; `/config/settings/<slug>`: that section. */
export default function SettingsScreen() {
  const [slug] = useSubPath();
  const section = settingsSectionAt(slug);
  if (slug === undefined) return <SettingsIndex />;
  if (!section) {
    return (
      <>
        <ScreenHeading>Settings</ScreenHeading>
        <Empty title={EDITOR_MESSAGES.unableToLocateContent}>
          <p>
            There is no such setting. <Link to="/config/settings">All settings</Link>
          </p>
        </Empty>
      </>
    );
  }
  return <SectionPage section={section} />;
}

function SectionPage({ section }: { section: SettingsSection }) {
  const mayRead = useCan(section.permission);
  const Section = useMemo(() => lazySections.get(section.slug)!, [section.slug]);
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/config/settings">Settings</Link>
      </nav>
      <ScreenHeading>{section.title}</ScreenHeading>
      {mayRead ? (
        <Suspense fallback={<Loading />}>
          <Section />
        </Suspense>
      ) : (
        <Empty title="Your role does not allow this.">
          <p>Ask an administrator of the site for access to {section.title.toLowerCase()}.</p>
        </Empty>
      )}
    </>
  );
}

function SettingsIndex() {
  const permissions = useOwner().data?.permissions ?? [];
  const may = new Set(SETTINGS_SECTIONS.filter((section) => permissions.includes(section.permission)).map((section) => section.slug));
  const groups = ['Site', 'Store', 'Access'] as const;
  return (
    <>
      <ScreenHeading>Settings</ScreenHeading>
      {groups.map((group) => {
        const sections = SETTINGS_SECTIONS.filter((section) => section.group === group && may.has(section.slug));
        if (sections.length === 0) return null;
        return (
          <section key={group} className="settings-group" aria-labelledby={`settings-${group}`}>
            <h2 id={`settings-${group}`}>{group}</h2>
            <ul className="settings-list">
              {sections.map((section) => (
                <li key={section.slug} className="card settings-item">
                  <Link to={`/config/settings/${section.slug}`} className="settings-link">
                    {section.title}
                  </Link>
                  <p>{section.description}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {may.size === 0 ? <Empty title="Your role does not allow this." /> : null}
    </>
  );
}
