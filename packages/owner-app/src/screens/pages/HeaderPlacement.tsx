import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useId, useState, type FormEvent } from 'react';
import { useOwnerClient } from '../../api/client';
import { useCan } from '../../api/hooks';
import { Link } from '../../app/router';
import { failureText } from '../../ui/messages';
import { LoadFailed, Loading } from '../../ui/states';
import { DESIGN_ROUTES, designKeys, type SiteStylesJson } from '../design/design-api';

/**
 * The header's logo and menu placement in the page editor's Header panel (issue 34 item 4): the theme's
 * `layout.header` option (classic, centered, minimal, local), which Design → Layout also sets. It is a design value,
 * so it is saved as Design saves — the draft then Publish — in one step, and only when Design has no unpublished
 * changes: publishing from here must never carry someone's half-done colours live with it.
 */

export const PLACEMENT_SETTING = 'layout.header';
export const PLACEMENT_TEXTS = {
  legend: 'Logo and menu placement',
  save: 'Save placement',
  saving: 'Saving…',
  saved: 'Saved and published. Every page shows it from the next visit.',
  pendingDesign: 'Design has changes that are not published yet: publish or discard them in Design first, then choose the placement here.',
  openDesign: 'Open Design',
  readOnly: 'Your role may not change the design; the placement is set in Design.',
} as const;
const T = PLACEMENT_TEXTS;

interface PlacementOption {
  value: string;
  label: string;
}

/** The option list and default of the theme's `layout.header` setting, wherever the manifest's groups keep it. */
export function placementSettingOf(manifest: unknown): { options: PlacementOption[]; default: string } | null {
  const seen = new Set<unknown>();
  const visit = (node: unknown): { options: PlacementOption[]; default: string } | null => {
    if (!node || typeof node !== 'object' || seen.has(node)) return null;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (record.id === PLACEMENT_SETTING && Array.isArray(record.options)) return { options: record.options as PlacementOption[], default: String(record.default ?? '') };
    for (const value of Object.values(record)) {
      const found = Array.isArray(value) ? value.map(visit).find(Boolean) : visit(value);
      if (found) return found;
    }
    return null;
  };
  return visit(manifest);
}

/** Whether two sets of style values are the same (key order aside). */
const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
};

export function HeaderPlacement({ onSaved }: { onSaved: () => void }) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const mayWrite = useCan('site-styles:write');
  const styles = useQuery<SiteStylesJson>({ queryKey: designKeys.styles(), queryFn: () => client.call(DESIGN_ROUTES.styles) as Promise<SiteStylesJson> });
  const [chosen, setChosen] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();
  if (styles.isPending) return <Loading />;
  if (styles.isError) return <LoadFailed error={styles.error} retry={() => void styles.refetch()} />;
  const setting = placementSettingOf(styles.data.manifest);
  if (!setting) return null;
  const published = styles.data.published as Record<string, unknown>;
  const current = String(published[PLACEMENT_SETTING] ?? setting.default);
  const value = chosen ?? current;
  const pending = !sameValues(styles.data.draft as Record<string, unknown>, published);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    setSaving(true);
    try {
      await client.call(DESIGN_ROUTES.saveDraft, { body: { values: { ...published, [PLACEMENT_SETTING]: value } } } as never);
      const answer = (await client.call(DESIGN_ROUTES.publish)) as SiteStylesJson;
      queryClient.setQueryData(designKeys.styles(), answer);
      void queryClient.invalidateQueries({ queryKey: designKeys.all });
      setChosen(null);
      setStatus(T.saved);
      onSaved();
    } catch (error) {
      setRefusal(isOwnerApiError(error) ? error.message : failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const disabled = !mayWrite || pending;
  return (
    <form className="pages-placement" onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-legend`}>
      <fieldset disabled={disabled}>
        <legend id={`${id}-legend`} className="visually-hidden">
          {T.legend}
        </legend>
        {setting.options.map((option) => (
          <div className="panel-check" key={option.value}>
            <input id={`${id}-${option.value}`} type="radio" name={`${id}-placement`} value={option.value} checked={value === option.value} onChange={() => setChosen(option.value)} />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </fieldset>
      {!mayWrite ? <p className="panel-notice">{T.readOnly}</p> : pending ? (
        <p className="panel-notice">
          {T.pendingDesign} <Link to="/config/design">{T.openDesign}</Link>
        </p>
      ) : (
        <div className="panel-actions">
          <button type="submit" className="button button-primary" disabled={saving || value === current}>
            {saving ? T.saving : T.save}
          </button>
          <p role="status" className="pages-placement-status">{status}</p>
          {refusal ? <p role="alert" className="field-error">{refusal}</p> : null}
        </div>
      )}
    </form>
  );
}
