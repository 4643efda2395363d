import { useState, type ReactNode } from 'react';
import { TEMPLATE_TEXTS as T } from './texts';

interface MailBlockListProps<Block extends { type: string }> {
  blocks: readonly Block[];
  /** The types "Add block" offers, in its order, each with its name. */
  types: ReadonlyArray<{ type: Block['type']; label: string }>;
  newBlock: (type: Block['type']) => Block;
  /** A block's own fields (its text, picture, button…). */
  renderFields: (block: Block, index: number, onChange: (block: Block) => void) => ReactNode;
  onChange: (blocks: Block[]) => void;
  editable: boolean;
  errors: Record<string, string>;
  /** The prefix of the form's element ids. */
  idPrefix: string;
}

/**
 * A mail's body as a list of blocks, each in its fieldset with ↑ / ↓ / Remove, and "Add block" below: one editor for
 * the mail templates and the newsletter campaigns, which differ only in their block types and fields.
 */
export function MailBlockList<Block extends { type: string }>({ blocks, types, newBlock, renderFields, onChange, editable, errors, idPrefix }: MailBlockListProps<Block>) {
  const [adding, setAdding] = useState<Block['type']>(types[0]!.type);
  const labelOf = (type: string) => types.find((each) => each.type === type)?.label ?? type;
  const move = (index: number, by: number) => {
    const next = [...blocks];
    const [block] = next.splice(index, 1);
    next.splice(index + by, 0, block!);
    onChange(next);
  };
  return (
    <>
      {errors.blocks ? <p className="field-error">{errors.blocks}</p> : null}
      <ol className="mail-blocks">
        {blocks.map((block, index) => (
          <li key={index} className="mail-block">
            <fieldset>
              <legend>{T.blockLegend(index + 1, labelOf(block.type))}</legend>
              {renderFields(block, index, (next) => onChange(blocks.map((each, at) => (at === index ? next : each))))}
              {errors[`blocks.${index}`] ? <p className="field-error">{errors[`blocks.${index}`]}</p> : null}
              {editable ? (
                <div className="mail-block-actions">
                  <button type="button" className="button button-secondary" disabled={index === 0} onClick={() => move(index, -1)} aria-label={T.moveUp(index + 1)}>↑</button>
                  <button type="button" className="button button-secondary" disabled={index === blocks.length - 1} onClick={() => move(index, 1)} aria-label={T.moveDown(index + 1)}>↓</button>
                  <button type="button" className="button button-secondary" onClick={() => onChange(blocks.filter((_, at) => at !== index))} aria-label={T.remove(index + 1)}>{T.removeWord}</button>
                </div>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      {editable ? (
        <div className="mail-add-block">
          <label htmlFor={`${idPrefix}-add`}>{T.addBlock}</label>
          <select id={`${idPrefix}-add`} value={adding} onChange={(event) => setAdding(event.target.value as Block['type'])}>
            {types.map(({ type, label }) => <option key={type} value={type}>{label}</option>)}
          </select>
          <button type="button" className="button button-secondary" onClick={() => onChange([...blocks, newBlock(adding)])}>{T.add}</button>
        </div>
      ) : null}
    </>
  );
}
