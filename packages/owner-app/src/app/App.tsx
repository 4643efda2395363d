import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import type { OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { AppDataProvider } from '../api/client';
import type { OwnerAppBoot } from '../boot';
import { ConfirmProvider } from '../ui/confirm';
import { ErrorBoundary, ErrorFallback } from '../ui/ErrorBoundary';
import { APP_TEXTS, EDITOR_MESSAGES } from '../ui/messages';
import { Loading } from '../ui/states';
import { useLocation, Link } from './router';
import { ScreenHeading } from './ScreenHeading';
import { SCREENS, screenAt, type ScreenDefinition } from './screens';
import { Shell } from './Shell';

/** One lazy component per screen, made once: each screen's code is fetched the first time it is opened. */
const lazyScreens = new Map<string, LazyExoticComponent<ComponentType>>(
  SCREENS.filter((screen) => screen.load).map((screen) => [screen.path, lazy(screen.load!)]),
);

export function App({ client, boot, queryClient }: { client: OwnerBrowserClient; boot: OwnerAppBoot; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppDataProvider client={client} boot={boot}>
        <ConfirmProvider>
          <Shell>
            <CurrentScreen siteTitle={boot.website.title} />
          </Shell>
        </ConfirmProvider>
      </AppDataProvider>
    </QueryClientProvider>
  );
}

function CurrentScreen({ siteTitle }: { siteTitle: string }) {
  const { pathname } = useLocation();
  const screen = screenAt(pathname);
  const title = screen?.title ?? 'Not found';
  useEffect(() => {
    document.title = `${title} · ${siteTitle}`;
  }, [title, siteTitle]);
  const Screen = useMemo(() => (screen ? lazyScreens.get(screen.path) : undefined), [screen]);
  return (
    <ErrorBoundary resetKey={pathname} fallback={({ error, reset }) => (isChunkLoadError(error) ? <ChunkLoadFailed /> : <ErrorFallback reset={reset} />)}>
      {!screen ? <NotFound /> : Screen ? (
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      ) : (
        <ComingScreen screen={screen} />
      )}
    </ErrorBoundary>
  );
}

/** A screen's code that did not arrive (offline, or a new build replaced it): a lazy import's failure is kept, so only a reload tries again. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

function ChunkLoadFailed() {
  return (
    <div className="card state state-error" role="alert">
      <h2>{EDITOR_MESSAGES.unableToLoadTryAgain}</h2>
      <p>{EDITOR_MESSAGES.networkError}</p>
      <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
        {APP_TEXTS.tryAgain}
      </button>
    </div>
  );
}

/** A screen not built yet: what it will hold, and a way back to what exists. */
function ComingScreen({ screen }: { screen: ScreenDefinition }) {
  return (
    <>
      <ScreenHeading>{screen.title}</ScreenHeading>
      <section className="card state state-coming" aria-labelledby="coming-title">
        <h2 id="coming-title">{APP_TEXTS.coming}</h2>
        <p>{screen.summary}</p>
        <p>
          Until then, the owner API does all of it: see <a href="/api/openapi.json">its description</a>. <Link to="/config">Back to the dashboard</Link>
        </p>
      </section>
    </>
  );
}

function NotFound() {
  return (
    <>
      <ScreenHeading>Not found</ScreenHeading>
      <section className="card state state-empty">
        <h2>{EDITOR_MESSAGES.unableToLocateContent}</h2>
        <p>
          There is no screen at this address. <Link to="/config">Go to the dashboard</Link>
        </p>
      </section>
    </>
  );
}
