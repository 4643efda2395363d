import { useId, useState } from 'react';
import {
  CAMPAIGN_BLOCK_TYPES, CAMPAIGN_LIMITS, CAMPAIGN_VARIABLES, campaignErrors,
  type CampaignBlock, type CampaignBlockType, type CampaignDraft,
} from '@vitrine/contracts/mail-template-model';
import type { CampaignJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCan, useOwner } from '../../api/hooks';
import { Link, navigate } from '../../app/router';
import { failureText } from '../../ui/messages';
import { Empty, Loading, LoadFailed, ReadStates } from '../../ui/states';
import { useCampaign, useCampaignActions, useCampaignProducts, useCampaigns } from './campaigns-api';
import { useWhen } from './mail-state';
import { CAMPAIGN_TEXTS as C, TEMPLATE_TEXTS as T } from './texts';
import { Field, usePreview } from './Templates';
import { MailBlockList } from './MailBlockList';

/**
 * Mail → Campaigns (issue 38 item 4): the list with each campaign's status and counts, and the editor — blocks (the
 * mail-template model with pictures and product cards), audience, a live preview the server renders (the path the
 * send takes), a test send, send now or at a time, cancel a scheduled one. The same rules as the server
 * (campaignErrors) show as the owner types.
 */
export function CampaignsList() {
  const campaigns = useCampaigns();
  const when = useWhen();
  const canWrite = useCan('campaigns:manage');
  return (
    <>
      <p className="mail-intro muted">{C.intro}</p>
      {canWrite ? <p className="campaign-new"><Link to="/config/mail/campaigns/new" className="button button-primary">{C.newCampaign}</Link></p> : null}
      <ReadStates
        read={campaigns}
        isEmpty={(campaigns.data?.campaigns.length ?? 0) === 0}
        empty={<Empty title={C.none}><p className="muted">{C.noneHelp}</p></Empty>}
      >
        {(data) => (
          <div className="card mail-card">
            <table className="data-table mail-table stacks-on-phone">
              <caption className="visually-hidden">{C.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{C.subject}</th>
                  <th scope="col">{C.status}</th>
                  <th scope="col">{C.audience}</th>
                  <th scope="col" className="numeric">{C.sent}</th>
                  <th scope="col" className="numeric">{C.clicks}</th>
                  <th scope="col">{C.when}</th>
                </tr>
              </thead>
              <tbody>
                {data.campaigns.map((campaign) => (
                  <tr key={campaign.id}>
                    <th scope="row" data-label={C.subject} className="mail-subject"><Link to={`/config/mail/campaigns/${encodeURIComponent(campaign.id)}`}>{campaign.subject}</Link></th>
                    <td data-label={C.status}><span className={`mail-badge campaign-${campaign.status}`}>{C.statuses[campaign.status]}</span></td>
                    <td data-label={C.audience}>{C.audienceWords(campaign.audience)}</td>
                    <td data-label={C.sent} className="numeric">{campaign.counts.sent}</td>
                    <td data-label={C.clicks} className="numeric">{campaign.counts.clicks}</td>
                    <td data-label={C.when}>{whenOf(campaign, when)}</td>
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

const whenOf = (campaign: CampaignJson, when: (iso: string) => string) => {
  const at = campaign.finishedAt ?? campaign.startedAt ?? campaign.sendAt ?? campaign.updatedAt;
  return <time dateTime={at}>{when(at)}</time>;
};

const STARTER: CampaignDraft = {
  subject: 'News from {{site.title}}',
  preheader: '',
  blocks: [{ type: 'heading', text: 'Hello!' }, { type: 'text', text: 'Here is what is new in the shop.' }, { type: 'button', label: 'Visit the shop', url: '{{site.url}}' }],
  audience: { kind: 'all' },
  trackOpens: false,
};

export function CampaignEditor({ campaignId }: { campaignId: string }) {
  const campaign = useCampaign(campaignId);
  if (campaignId === 'new') return <Editor key="new" campaign={undefined} />;
  if (campaign.isPending) return <Loading />;
  if (campaign.isError || !campaign.data) return <LoadFailed error={campaign.error} retry={() => void campaign.refetch()} />;
  return <Editor key={campaign.data.campaign.id} campaign={campaign.data.campaign} />;
}

const draftOf = (campaign: CampaignJson): CampaignDraft => ({
  subject: campaign.subject, preheader: campaign.preheader, blocks: campaign.blocks as CampaignBlock[], audience: campaign.audience as CampaignDraft['audience'], trackOpens: campaign.trackOpens,
});

const newBlock = (type: CampaignBlockType): CampaignBlock => {
  switch (type) {
    case 'heading': case 'text': return { type, text: '' };
    case 'button': return { type, label: '', url: '' };
    case 'picture': return { type, url: '', alt: '' };
    case 'products': return { type, productIds: [] };
    default: return { type: 'divider' };
  }
};

function Editor({ campaign }: { campaign: CampaignJson | undefined }) {
  const canWrite = useCan('campaigns:manage');
  const editable = canWrite && (!campaign || campaign.status === 'draft');
  const email = useOwner().data?.siteUser.email ?? '';
  const actions = useCampaignActions();
  const when = useWhen();
  const [draft, setDraft] = useState<CampaignDraft>(() => (campaign ? draftOf(campaign) : STARTER));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState('');
  const [sendAt, setSendAt] = useState('');
  const localErrors = campaignErrors(draft);
  const errors = { ...serverErrors, ...localErrors };
  const hasErrors = Object.keys(localErrors).length > 0;
  const preview = usePreview(actions.preview, draft, !hasErrors);
  const id = useId();

  const change = (next: CampaignDraft) => { setDraft(next); setServerErrors({}); };
  const refused = (error: unknown) => {
    if (isOwnerApiError(error)) setServerErrors(error.errors);
    setOutcome(failureText(error));
  };
  const save = () => {
    if (!campaign) actions.create.mutate(draft, { onSuccess: (answer) => { setOutcome(C.created); navigate(`/config/mail/campaigns/${answer.campaign.id}`, { replace: true }); }, onError: refused });
    else actions.update.mutate({ id: campaign.id, draft }, { onSuccess: () => setOutcome(C.saved), onError: refused });
  };
  const send = (at: string | null) => {
    if (!campaign) return setOutcome(C.saveFirst);
    // What is on screen is what goes: the draft is saved first, then sent.
    actions.update.mutate({ id: campaign.id, draft }, {
      onSuccess: () => actions.send.mutate({ id: campaign.id, sendAt: at }, { onSuccess: (answer) => setOutcome(answer.campaign.sendAt && at ? C.scheduled(when(answer.campaign.sendAt)) : C.sending), onError: refused }),
      onError: refused,
    });
  };
  const busy = actions.create.isPending || actions.update.isPending || actions.send.isPending || actions.cancel.isPending || actions.remove.isPending;

  return (
    <div className="mail-template-editor">
      <p className="mail-back"><Link to="/config/mail/campaigns"><span aria-hidden="true">← </span>{C.back}</Link></p>
      <h2>{campaign ? campaign.subject : C.newCampaign}</h2>
      {campaign ? (
        <p className="muted">
          <span className={`mail-badge campaign-${campaign.status}`}>{C.statuses[campaign.status]}</span>{' '}
          {C.counts(campaign.counts, campaign.trackOpens)}
          {campaign.status === 'scheduled' && campaign.sendAt ? ` · ${C.scheduled(when(campaign.sendAt))}` : ''}
        </p>
      ) : null}
      {campaign && !editable ? <p className="muted">{C.readOnly}</p> : null}
      <div className="mail-template-columns">
        <form className="card mail-template-form" onSubmit={(event) => { event.preventDefault(); save(); }} noValidate>
          <Field id={`${id}-subject`} label={C.subject} error={errors.subject}>
            <input id={`${id}-subject`} value={draft.subject} readOnly={!editable} onChange={(event) => change({ ...draft, subject: event.target.value })} aria-invalid={Boolean(errors.subject)} aria-describedby={errors.subject ? `${id}-subject-error` : undefined} />
          </Field>
          <Field id={`${id}-preheader`} label={C.preheader} error={errors.preheader}>
            <input id={`${id}-preheader`} value={draft.preheader} maxLength={CAMPAIGN_LIMITS.preheader} readOnly={!editable} onChange={(event) => change({ ...draft, preheader: event.target.value })} />
          </Field>
          <MailBlockList
            blocks={draft.blocks}
            types={CAMPAIGN_BLOCK_TYPES.map((type) => ({ type, label: C.blockTypes[type] }))}
            newBlock={newBlock}
            renderFields={(block, index, onChange) => <CampaignBlockFields block={block} at={`${id}-b${index}`} errors={errors} index={index} readOnly={!editable} onChange={onChange} />}
            onChange={(blocks) => change({ ...draft, blocks })}
            editable={editable}
            errors={errors}
            idPrefix={id}
          />
          <fieldset className="campaign-audience">
            <legend>{C.audience}</legend>
            <div className="field">
              <label htmlFor={`${id}-audience`}>{C.audience}</label>
              <select id={`${id}-audience`} value={draft.audience.kind} disabled={!editable} onChange={(event) => {
                const kind = event.target.value;
                change({ ...draft, audience: kind === 'tag' ? { kind, tag: '' } : kind === 'language' ? { kind, language: '' } : { kind: kind as 'all' | 'buyers' } });
              }}>
                {Object.entries(C.audiences).map(([kind, words]) => <option key={kind} value={kind}>{words}</option>)}
              </select>
            </div>
            {draft.audience.kind === 'tag' ? (
              <Field id={`${id}-tag`} label={C.tag} error={errors['audience.tag']}>
                <input id={`${id}-tag`} value={draft.audience.tag} readOnly={!editable} onChange={(event) => change({ ...draft, audience: { kind: 'tag', tag: event.target.value } })} aria-invalid={Boolean(errors['audience.tag'])} />
              </Field>
            ) : null}
            {draft.audience.kind === 'language' ? (
              <Field id={`${id}-language`} label={C.language} error={errors['audience.language']}>
                <input id={`${id}-language`} value={draft.audience.language} readOnly={!editable} onChange={(event) => change({ ...draft, audience: { kind: 'language', language: event.target.value } })} aria-invalid={Boolean(errors['audience.language'])} />
              </Field>
            ) : null}
            <label className="checkbox-field campaign-opens">
              <input type="checkbox" checked={draft.trackOpens} disabled={!editable} onChange={(event) => change({ ...draft, trackOpens: event.target.checked })} /> {C.trackOpens}
            </label>
          </fieldset>
          <section aria-labelledby={`${id}-vars`}>
            <h3 id={`${id}-vars`}>{T.variables}</h3>
            <dl className="mail-variables">
              {Object.entries(CAMPAIGN_VARIABLES).map(([variable, meaning]) => <div key={variable}><dt><code>{`{{${variable}}}`}</code></dt><dd>{meaning}</dd></div>)}
            </dl>
          </section>
          {editable ? (
            <div className="mail-template-actions">
              <button type="submit" className="button button-secondary" disabled={busy || hasErrors}>{C.save}</button>
              <button type="button" className="button button-secondary" disabled={actions.test.isPending || hasErrors} onClick={() => actions.test.mutate(draft, { onSuccess: (answer) => setOutcome(C.testSent(answer.sentTo)), onError: refused })}>{C.sendTest}</button>
              <button type="button" className="button button-primary" disabled={busy || hasErrors || !campaign} onClick={() => { if (window.confirm(C.confirmSend)) send(null); }}>{C.sendNow}</button>
            </div>
          ) : null}
          {editable && campaign ? (
            <div className="mail-template-actions">
              <label htmlFor={`${id}-at`}>{C.sendAt}</label>
              <input id={`${id}-at`} type="datetime-local" value={sendAt} onChange={(event) => setSendAt(event.target.value)} />
              <button type="button" className="button button-secondary" disabled={busy || hasErrors || !sendAt} onClick={() => send(new Date(sendAt).toISOString())}>{C.schedule}</button>
            </div>
          ) : null}
          {editable ? <p className="muted">{C.testTo(email)}{campaign ? '' : ` ${C.saveFirst}`}</p> : null}
          {canWrite && campaign?.status === 'scheduled' ? (
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => actions.cancel.mutate(campaign.id, { onSuccess: () => setOutcome(C.cancelled), onError: refused })}>{C.cancel}</button>
          ) : null}
          {canWrite && campaign && (campaign.status === 'draft' || campaign.status === 'cancelled') ? (
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => actions.remove.mutate(campaign.id, { onSuccess: () => navigate('/config/mail/campaigns'), onError: refused })}>{C.remove}</button>
          ) : null}
          <p role="status" className="mail-outcome">{outcome}</p>
        </form>
        <section className="card mail-template-preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`}>{T.preview}</h3>
          {preview.error ? <p className="mail-error">{preview.error}</p> : null}
          {preview.answer ? (
            <>
              <p><strong>{C.subject}:</strong> <span data-testid="preview-subject">{preview.answer.subject}</span></p>
              <iframe className="mail-frame" sandbox="" srcDoc={preview.answer.html} title={T.previewFrame} referrerPolicy="no-referrer" />
            </>
          ) : !preview.error ? <Loading /> : null}
        </section>
      </div>
    </div>
  );
}

function CampaignBlockFields({ block, at, errors, index, readOnly, onChange }: { block: CampaignBlock; at: string; errors: Record<string, string>; index: number; readOnly: boolean; onChange: (block: CampaignBlock) => void }) {
  const error = (field: string) => errors[`blocks.${index}.${field}`];
  const input = (field: 'text' | 'label' | 'url' | 'alt', label: string, value: string, set: (value: string) => CampaignBlock, multiline = false) => (
    <Field id={`${at}-${field}`} label={label} error={error(field)}>
      {multiline
        ? <textarea id={`${at}-${field}`} rows={3} value={value} readOnly={readOnly} aria-invalid={Boolean(error(field))} aria-describedby={error(field) ? `${at}-${field}-error` : undefined} onChange={(event) => onChange(set(event.target.value))} />
        : <input id={`${at}-${field}`} value={value} readOnly={readOnly} aria-invalid={Boolean(error(field))} aria-describedby={error(field) ? `${at}-${field}-error` : undefined} onChange={(event) => onChange(set(event.target.value))} />}
    </Field>
  );
  switch (block.type) {
    case 'heading': return input('text', T.headingText, block.text, (text) => ({ ...block, text }));
    case 'text': return input('text', T.text, block.text, (text) => ({ ...block, text }), true);
    case 'button': return <>{input('label', T.buttonLabel, block.label, (label) => ({ ...block, label }))}{input('url', T.buttonUrl, block.url, (url) => ({ ...block, url }))}</>;
    case 'picture': return <>{input('url', C.pictureUrl, block.url, (url) => ({ ...block, url }))}{input('alt', C.pictureAlt, block.alt, (alt) => ({ ...block, alt }))}</>;
    case 'products': return <ProductPicker block={block} at={at} error={error('productIds')} readOnly={readOnly} onChange={onChange} />;
    default: return null;
  }
}

function ProductPicker({ block, at, error, readOnly, onChange }: { block: Extract<CampaignBlock, { type: 'products' }>; at: string; error?: string; readOnly: boolean; onChange: (block: CampaignBlock) => void }) {
  const products = useCampaignProducts();
  const choices = (products.data?.products ?? []).filter((product) => !product.archived);
  return (
    <Field id={`${at}-products`} label={C.products} error={error}>
      <select id={`${at}-products`} multiple size={Math.min(6, Math.max(3, choices.length))} disabled={readOnly} value={block.productIds} aria-invalid={Boolean(error)} aria-describedby={error ? `${at}-products-error` : undefined}
        onChange={(event) => onChange({ type: 'products', productIds: [...event.target.selectedOptions].map((option) => option.value) })}>
        {choices.map((product) => <option key={product.id} value={product.id}>{product.title}</option>)}
      </select>
    </Field>
  );
}
