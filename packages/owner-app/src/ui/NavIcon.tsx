/**
 * The main navigation's icons: one outline drawing per screen (20 × 20, 1.5 px strokes in the link's colour),
 * keyed by the screen's path ('/' is the View site link). Hidden from assistive tech: the link's text names it.
 */
const ring = (x: number, y: number, r: number) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

const ICONS: Record<string, string> = {
  // A house.
  '/config': 'M3 9.5 10 3.5l7 6M5 8v8.5h10V8M8.5 16.5v-4h3v4',
  // A document with a folded corner.
  '/config/pages': 'M6 2.5h5.5l4 4V16a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 16V4A1.5 1.5 0 0 1 6 2.5zM11.5 2.5v4h4',
  // A painter's palette: its outline, three dabs of paint and the thumb hole.
  '/config/design': `M10 2.5a7.5 7.5 0 0 0 0 15c1.2 0 1.8-.8 1.5-1.8-.3-1 .3-2.2 1.6-2.2h1.6a2.8 2.8 0 0 0 2.8-2.8C17.5 5.7 14.2 2.5 10 2.5z${ring(6.3, 9, 1)}${ring(8.5, 5.8, 1)}${ring(12.3, 6.2, 1)}`,
  // A window with a dialog over it.
  '/config/popup': 'M4.5 3.5h11a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-11a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2zM2.5 6.5h15M7 9.5h6v4H7z',
  // A flask.
  '/config/experiments': 'M8 2.5v5l-4.2 7.6A1.6 1.6 0 0 0 5.2 17.5h9.6a1.6 1.6 0 0 0 1.4-2.4L12 7.5v-5M7 2.5h6M5.6 12.5h8.8',
  // A price tag.
  '/config/products': `M3 3h6.5l7.5 7.5-6.5 6.5L3 9.5z${ring(6.5, 6.5, 1.2)}`,
  // An inbox tray.
  '/config/orders': 'M2.5 11 5 4.5h10l2.5 6.5v5h-15zM2.5 11h4.5l1 2h4l1-2h4.5',
  // Two arrows circling.
  '/config/subscriptions': 'M4.1 9a6 6 0 0 1 11.5-1M16.8 5.4 15.6 8l-2.5-1.2M15.9 11a6 6 0 0 1-11.5 1M3.2 14.6 4.4 12l2.5 1.2',
  // A percent sign (the Products icon is already a tag).
  '/config/discounts': `${ring(6.5, 6.5, 2)}${ring(13.5, 13.5, 2)}M15.5 4.5l-11 11`,
  // A gift box with its ribbon and bow.
  '/config/gift-cards':
    'M3 6.5h14v3H3zM4.5 9.5v7a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1v-7M10 6.5v11M10 6.5c-1-2.5-4-3.5-4-1.5 0 1 1.5 1.5 4 1.5zm0 0c1-2.5 4-3.5 4-1.5 0 1-1.5 1.5-4 1.5',
  // Two people.
  '/config/members': `${ring(7.5, 7, 2.3)}M2.5 16.5a5 5 0 0 1 10 0${ring(13.8, 5.8, 1.9)}M14.5 10.6a4.5 4.5 0 0 1 3 4.4`,
  // An open book.
  '/config/courses': 'M10 5.5C8.5 4 6 3.5 2.5 4v11.5c3.5-.5 6 0 7.5 1.5 1.5-1.5 4-2 7.5-1.5V4c-3.5-.5-6 0-7.5 1.5zm0 0V17',
  // A star.
  '/config/reviews': 'M10 2.8 12.1 7.7 17.4 8.2 13.4 11.7 14.6 16.9 10 14.2 5.4 16.9 6.6 11.7 2.6 8.2 7.9 7.7z',
  // A speech bubble.
  '/config/comments': 'M5 3.5h10a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H9l-4 3v-3a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM7 7.5h6M7 10.5h4',
  // A clipboard with lines.
  '/config/forms': 'M7 4H5.5a1 1 0 0 0-1 1v11.5a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1H13M7.5 2.5h5v3h-5zM7.5 9.5h5M7.5 12.5h5M7.5 15.5h2.5',
  // A stock box with an arrow rising in it.
  '/config/restock': 'M2.5 3.5h15v3h-15zM3.5 6.5v10a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1v-10M10 15.5V9.5M7.5 12 10 9.5l2.5 2.5',
  // An envelope.
  '/config/mail': 'M4 4.5h12a1.5 1.5 0 0 1 1.5 1.5v8a1.5 1.5 0 0 1-1.5 1.5H4A1.5 1.5 0 0 1 2.5 14V6A1.5 1.5 0 0 1 4 4.5zM3 5.5 10 11l7-5.5',
  // Three panes of a page layout: a template.
  '/config/design/templates': 'M3.5 3.5h13v13h-13zM3.5 7.5h13M8.5 7.5v9',
  // A framed picture: a theme's look.
  '/config/design/themes': 'M3.5 3.5h13v13h-13zM6.5 13.5l3-4 2 2.5 1.5-2 2 3.5',
  // A gear.
  '/config/settings': `M8.6 4.6 8.8 2.6h2.4l.2 2 1.5.6 1.5-1.3 1.7 1.7-1.3 1.5.6 1.5 2 .2v2.4l-2 .2-.6 1.5 1.3 1.5-1.7 1.7-1.5-1.3-1.5.6-.2 2H8.8l-.2-2-1.5-.6-1.5 1.3-1.7-1.7 1.3-1.5-.6-1.5-2-.2V8.8l2-.2.6-1.5-1.3-1.5 1.7-1.7 1.5 1.3z${ring(10, 10, 2.3)}`,
  // An arrow out of a box: the site, in a new tab.
  '/': 'M8.5 4.5h-3a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3M11.5 3.5h5v5M16.5 3.5 9 11',
};

/** A rounded square, for a screen without its own drawing. */
const DEFAULT_ICON = 'M5 3.5h10A1.5 1.5 0 0 1 16.5 5v10a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 15V5A1.5 1.5 0 0 1 5 3.5z';

export function NavIcon({ path }: { path: string }) {
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[path] ?? DEFAULT_ICON} />
    </svg>
  );
}
