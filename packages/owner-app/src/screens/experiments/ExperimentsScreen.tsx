import { lazy, Suspense, type ReactNode } from 'react';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, useSubPath } from '../../app/router';
import { Loading } from '../../ui/states';
import { ExperimentEditor } from './ExperimentForm';
import { ExperimentList } from './ExperimentList';
import { FeatureFlags } from './FeatureFlags';
import { Results } from './Results';
import { Replays } from './Replays';
import { EXPERIMENT_TEXTS as TEXTS } from './texts';
import './experiments.css';

/** The replayer (rrweb, ~100 KB) is its own chunk, fetched when a session is opened. */
const ReplayView = lazy(() => import('./ReplayView'));

type Tab = 'experiments' | 'results' | 'flags' | 'replays';
const BASE = '/config/experiments';

/**
 * Experiments (issue 19) at `/config/experiments`: four views, each its own address — the experiments
 * (`/new`, `/<id>` edits one), their results (`/results`, `/results/<id>`), the feature flags (`/flags`) and
 * the session replays (`/replays`, `/replays/<sessionId>` plays one).
 */
export default function ExperimentsScreen() {
  const [first = '', second = ''] = useSubPath();
  if (first === 'results') {
    return (
      <ExperimentTabs current="results">
        <Results experimentId={second} />
      </ExperimentTabs>
    );
  }
  if (first === 'flags') {
    return (
      <ExperimentTabs current="flags">
        <FeatureFlags />
      </ExperimentTabs>
    );
  }
  if (first === 'replays') {
    return (
      <ExperimentTabs current="replays">
        {second ? (
          <Suspense fallback={<Loading />}>
            <ReplayView sessionId={second} />
          </Suspense>
        ) : (
          <Replays />
        )}
      </ExperimentTabs>
    );
  }
  return <ExperimentTabs current="experiments">{first ? <ExperimentEditor experimentId={first === 'new' ? '' : first} /> : <ExperimentList />}</ExperimentTabs>;
}

/** The heading and the four views as links (each an address: a reload or a shared link opens the same one). */
function ExperimentTabs({ current, children }: { current: Tab; children: ReactNode }) {
  const tabs: Array<[Tab, string, string]> = [
    ['experiments', BASE, TEXTS.experimentsTab],
    ['results', `${BASE}/results`, TEXTS.resultsTab],
    ['flags', `${BASE}/flags`, TEXTS.flagsTab],
    ['replays', `${BASE}/replays`, TEXTS.replaysTab],
  ];
  return (
    <section className="experiments">
      <ScreenHeading>{TEXTS.title}</ScreenHeading>
      <nav className="screen-tabs" aria-label={TEXTS.tabs}>
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
