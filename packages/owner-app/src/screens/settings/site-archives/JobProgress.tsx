import './site-archives.css';

/** A long job's progress bar with its words beside it ("12 of 40 steps"): an export, an import, an upload. */
export function JobProgress({ label, done, total, text }: { label: string; done: number; total: number; text: string }) {
  return (
    <div className="archive-progress">
      <progress aria-label={label} max={Math.max(1, total)} value={done} />
      <span>{text}</span>
    </div>
  );
}
