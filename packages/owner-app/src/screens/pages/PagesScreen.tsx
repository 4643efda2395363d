import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, useSubPath } from '../../app/router';
import { EDITOR_MESSAGES } from '../../ui/messages';
import { Empty, Loading, LoadFailed } from '../../ui/states';
import { ContentEditor } from './ContentEditor';
import { useItem, usePage, usePageTree } from './content-api';
import type { ContentPage } from './content-types';
import { ItemFields } from './ItemFields';
import { ItemsPanel } from './ItemsPanel';
import { PageTree } from './PageTree';
import { RevisionsPanel, SeoPanel } from './Panels';
import { pagePath, PAGES_PATH } from './paths';
import { KIND_LABELS, PAGES_TEXTS as T } from './texts';
import './pages.css';

/**
 * The Pages screen (issue 18, the site editor): the page tree on the left; on the right the chosen page's
 * editor (`/config/pages/<pageId>`), or one post, event or gallery image inside its collection page
 * (`/config/pages/<pageId>/items/<itemId>`). A role with content:read alone sees everything read-only.
 */
export default function PagesScreen() {
  const mayRead = useCan('content:read');
  const mayWrite = useCan('content:write');
  const [pageId, part, itemId, ...rest] = useSubPath();
  if (!mayRead) {
    return (
      <>
        <ScreenHeading>{T.title}</ScreenHeading>
        <Empty title={T.noAccess}>
          <p>{T.noAccessText}</p>
        </Empty>
      </>
    );
  }
  const known = !part || (part === 'items' && itemId && rest.length === 0);
  return (
    <div className="pages-screen">
      <ScreenHeading>{T.title}</ScreenHeading>
      <div className={`pages-layout${pageId ? ' pages-layout-editing' : ''}`}>
        <TreeColumn currentId={pageId ?? null} canWrite={mayWrite} />
        <div className="pages-main">
          {pageId ? (
            <Link to={PAGES_PATH} className="pages-back pages-all-pages">
              ← {T.allPages}
            </Link>
          ) : null}
          {!pageId ? (
            <Empty title={T.chooseAPage}>
              <p>{T.chooseAPageText}</p>
            </Empty>
          ) : !known ? (
            <Empty title={EDITOR_MESSAGES.unableToLocateContent} />
          ) : itemId ? (
            <ItemEditor key={itemId} pageId={pageId} itemId={itemId} readOnly={!mayWrite} />
          ) : (
            <PageEditor key={pageId} pageId={pageId} readOnly={!mayWrite} />
          )}
        </div>
      </div>
    </div>
  );
}

function TreeColumn({ currentId, canWrite }: { currentId: string | null; canWrite: boolean }) {
  const tree = usePageTree();
  if (tree.isPending) return <Loading />;
  if (tree.isError) return <LoadFailed error={tree.error} retry={() => void tree.refetch()} />;
  return <PageTree tree={tree.data} currentId={currentId} canWrite={canWrite} />;
}

function PageEditor({ pageId, readOnly }: { pageId: string; readOnly: boolean }) {
  const page = usePage(pageId);
  if (page.isPending) return <Loading />;
  if (page.isError) return <LoadFailed error={page.error} retry={() => void page.refetch()} />;
  const data = page.data;
  const heading = (
    <div className="pages-title">
      <h2>{data.title}</h2>
      <span className="pages-muted">
        {KIND_LABELS[data.kind]} · {data.fullUrl}
      </span>
    </div>
  );
  if (data.kind === 'folder') {
    return (
      <div className="pages-editor">
        <div className="pages-editor-head">{heading}</div>
        <p className="card pages-panel-body">{T.folderHint}</p>
        <SeoPanel key={data.version} target="page" content={data} readOnly={readOnly} />
      </div>
    );
  }
  const isCollection = data.kind === 'blog' || data.kind === 'events' || data.kind === 'gallery';
  return (
    <>
      {isCollection ? <ItemsPanel page={data as ContentPage} readOnly={readOnly} /> : null}
      {data.kind === 'course' ? (
        <p className="card pages-panel-body">
          {T.courseHint} <Link to={`/config/courses/${encodeURIComponent(data.id)}`}>{T.openCourse}</Link>
        </p>
      ) : null}
      <ContentEditor
        target="page"
        content={data}
        readOnly={readOnly}
        heading={heading}
        panels={(restart) => (
          <>
            <SeoPanel target="page" content={data} readOnly={readOnly} />
            <RevisionsPanel target="page" content={data} readOnly={readOnly} onRestored={restart} />
          </>
        )}
      />
    </>
  );
}

function ItemEditor({ pageId, itemId, readOnly }: { pageId: string; itemId: string; readOnly: boolean }) {
  const item = useItem(itemId);
  const page = usePage(pageId);
  if (item.isPending) return <Loading />;
  if (item.isError) return <LoadFailed error={item.error} retry={() => void item.refetch()} />;
  const data = item.data;
  const collectionTitle = page.data?.title ?? T.title;
  return (
    <>
      <Link to={pagePath(pageId)} className="pages-back">
        ← {T.back(collectionTitle)}
      </Link>
      <ContentEditor
        target="item"
        content={data}
        readOnly={readOnly}
        heading={
          <div className="pages-title">
            <h2>{data.title}</h2>
            <span className="pages-muted">{data.fullUrl}</span>
          </div>
        }
        panels={(restart) => (
          <>
            <ItemFields item={data} readOnly={readOnly} />
            <SeoPanel target="item" content={data} readOnly={readOnly} />
            <RevisionsPanel target="item" content={data} readOnly={readOnly} onRestored={restart} />
          </>
        )}
      />
    </>
  );
}
