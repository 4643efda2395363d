import { useId, useState } from 'react';
import { useCan } from '../../api/hooks';
import { Link } from '../../app/router';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { ReadStates } from '../../ui/states';
import { DESIGN_WRITE_PERMISSION } from './DesignScreen';
import { DesignPreview } from './DesignPreview';
import { TEMPLATE_TEXTS as T } from './design-texts';
import { useSiteTemplates, useSwitchTemplate, type SiteTemplatesJson } from './templates-api';
import './design.css';

/**
 * Design → Change template (`/config/design/templates`, issue 33 item 5): the theme's starter templates as picture
 * cards; choosing one previews it on the site's own pages (`?design-preview=template:{id}`), and "Use this template"
 * switches after a confirm. A switch changes fonts, colours and layout only: pages, products, blocks and settings
 * stay, and the design before it stays in Design → Versions.
 */
export default function TemplatesScreen() {
  const templates = useSiteTemplates();
  return (
    <section className="templates-screen">
      <ScreenHeading>{T.title}</ScreenHeading>
      <p className="design-intro">{T.intro}</p>
      <p>
        <Link to="/config/design">{T.backToDesign}</Link>
      </p>
      <ReadStates read={templates}>{(data) => <TemplateChooser data={data} />}</ReadStates>
    </section>
  );
}

function TemplateChooser({ data }: { data: SiteTemplatesJson }) {
  const name = useId();
  const mayWrite = useCan(DESIGN_WRITE_PERMISSION);
  const [selected, setSelected] = useState(data.currentTemplateId ?? data.templates[0]?.id ?? '');
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'refused'; text: string } | null>(null);
  const switchTemplate = useSwitchTemplate();
  const { confirm } = useConfirm();
  if (data.templates.length === 0) return <p>{T.none}</p>;
  const chosen = data.templates.find((template) => template.id === selected) ?? data.templates[0]!;
  const isCurrent = chosen.id === data.currentTemplateId;

  const onUse = async () => {
    setOutcome(null);
    const yes = await confirm({ title: T.confirmTitle(chosen.label), message: T.confirmMessage, confirmLabel: T.confirmLabel });
    if (!yes) return;
    switchTemplate.mutate(chosen.id, {
      onSuccess: () => setOutcome({ kind: 'done', text: T.switched(chosen.label) }),
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  return (
    <div className="templates-layout">
      <fieldset className="templates-choice card">
        <legend className="templates-legend">
          <h2>{T.templates}</h2>
        </legend>
        <div className="templates-grid">
          {data.templates.map((template) => (
            <label key={template.id} className="templates-card">
              {template.pictureUrl ? <img src={template.pictureUrl} alt="" width={640} height={400} loading="lazy" /> : <span className="templates-no-picture" aria-hidden="true" />}
              <span className="templates-name">
                {/* Named by the template's name alone, its description read after it (the label wraps both). */}
                <input
                  type="radio"
                  name={name}
                  value={template.id}
                  checked={template.id === selected}
                  aria-labelledby={`${name}-${template.id}-name`}
                  aria-describedby={`${name}-${template.id}-about`}
                  onChange={() => {
                    setSelected(template.id);
                    setOutcome(null);
                  }}
                />
                <strong id={`${name}-${template.id}-name`}>{template.label}</strong>
                {template.id === data.currentTemplateId ? <span className="badge design-live">{T.current}</span> : null}
              </span>
              <span className="templates-about" id={`${name}-${template.id}-about`}>
                {template.description}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="templates-actions card">
        {mayWrite ? (
          <button type="button" className="button button-primary" disabled={isCurrent || switchTemplate.isPending} onClick={() => void onUse()}>
            {switchTemplate.isPending ? T.switching : T.use(chosen.label)}
          </button>
        ) : (
          <p className="design-notice">{T.readOnly}</p>
        )}
        <p className="design-help">{isCurrent ? T.isCurrent(chosen.label) : T.previewing(chosen.label)}</p>
        {outcome ? (
          <p role={outcome.kind === 'refused' ? 'alert' : 'status'} className={outcome.kind === 'refused' ? 'error-message' : 'design-outcome'}>
            {outcome.text}
          </p>
        ) : null}
      </div>
      <DesignPreview key={chosen.id} preview={`template:${chosen.id}`} label={T.previewOf(chosen.label)} />
    </div>
  );
}
