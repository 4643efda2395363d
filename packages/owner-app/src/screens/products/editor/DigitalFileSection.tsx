import type { ProductFileJson } from '@vitrine/contracts';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOwnerClient } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { useConfirm } from '../../../ui/confirm';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { Loading, LoadFailed } from '../../../ui/states';
import {
  DIGITAL_FILE_TEXTS as T, formatFileSize, productFileKey, uploadProductFileWithProgress, useDeleteFile, useProductFile, useUpdateFileLimits, wholeNumberIn,
} from './digital-file-api';
import { UploadError, UPLOAD_TEXTS } from './upload';
import './digital-file.css';

const LIMIT_RANGE = { downloadLimit: [1, 100], linkDays: [1, 365] } as const;

/**
 * The product editor's Digital file section (a digital product): the file shoppers download, uploaded with a
 * progress bar, replaced or removed at once (not with the product's Save), and its download limit and link days.
 * A role without catalog:write sees it read-only.
 */
export function DigitalFileSection({ productId }: { productId: string | null }) {
  const titleId = useId();
  return (
    <section className="card editor-section digital-file" aria-labelledby={titleId}>
      <h2 id={titleId}>{T.title}</h2>
      <p className="editor-hint">{T.intro}</p>
      {productId === null ? <p>{T.saveFirst}</p> : <DigitalFile productId={productId} />}
    </section>
  );
}

function DigitalFile({ productId }: { productId: string }) {
  const file = useProductFile(productId);
  const canWrite = useCan('catalog:write');
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { confirm } = useConfirm();
  const remove = useDeleteFile(productId);
  const inputId = useId();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (file.isPending) return <Loading />;
  if (file.isError) return <LoadFailed error={file.error} retry={() => void file.refetch()} />;
  const current = file.data;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFailure(null);
    setNotice(null);
    setProgress({ name: chosen.name, percent: 0 });
    try {
      const saved = await uploadProductFileWithProgress(client, productId, chosen, {
        onProgress: (fraction) => setProgress({ name: chosen.name, percent: Math.round(fraction * 100) }),
      });
      queryClient.setQueryData(productFileKey(productId), saved);
      setNotice(T.uploaded(saved.fileName));
    } catch (caught) {
      setFailure(caught instanceof UploadError ? caught.detail : UPLOAD_TEXTS.notCompleted);
    } finally {
      setProgress(null);
    }
  };

  const removeFile = async () => {
    setNotice(null);
    const ok = await confirm({ title: T.removeTitle, message: T.removeMessage, confirmLabel: T.remove, destructive: true });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => setNotice(T.removed),
      onError: (error) => setFailure(failureText(error)),
    });
  };

  return (
    <div className="digital-file-body">
      {current ? (
        <dl className="digital-file-facts">
          <div><dt>{T.fileName}</dt><dd className="digital-file-name">{current.fileName}</dd></div>
          <div><dt>{T.size}</dt><dd>{formatFileSize(current.byteSize, locale)}</dd></div>
          <div><dt>{T.type}</dt><dd>{current.contentType}</dd></div>
        </dl>
      ) : (
        <p>{T.none}</p>
      )}
      {canWrite ? (
        <div className="editor-actions">
          <input id={inputId} type="file" className="visually-hidden-file" onChange={(event) => void pick(event)} disabled={progress !== null} />
          <label htmlFor={inputId} className="button button-secondary">{current ? T.replace : T.upload}</label>
          {current ? (
            <button type="button" className="button button-destructive" disabled={remove.isPending || progress !== null} onClick={() => void removeFile()}>
              {T.remove}
            </button>
          ) : null}
        </div>
      ) : null}
      <div role="status" className="editor-progress">
        {progress ? (
          <>
            <label htmlFor={`${inputId}-progress`}>{UPLOAD_TEXTS.uploading(progress.name)}</label>
            <progress id={`${inputId}-progress`} max={100} value={progress.percent} />
            <span>{UPLOAD_TEXTS.progress(progress.percent)}</span>
          </>
        ) : notice ? <p>{notice}</p> : null}
      </div>
      {failure ? (
        <div role="alert" className="editor-upload-failed">
          <p className="editor-upload-title">{UPLOAD_TEXTS.failedTitle}</p>
          <p>{failure}</p>
        </div>
      ) : null}
      {current ? <LimitsForm productId={productId} file={current} canWrite={canWrite} /> : null}
    </div>
  );
}

/**
 * The download limit and link days, saved with their own button: they are the file's, not the product's. A
 * fieldset rather than a form (the editor's form holds this section); Enter in a field saves the limits.
 */
function LimitsForm({ productId, file, canWrite }: { productId: string; file: ProductFileJson; canWrite: boolean }) {
  const id = useId();
  const update = useUpdateFileLimits(productId);
  const [values, setValues] = useState({ downloadLimit: String(file.downloadLimit), linkDays: String(file.linkDays) });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => setValues({ downloadLimit: String(file.downloadLimit), linkDays: String(file.linkDays) }), [file.downloadLimit, file.linkDays]);

  const save = () => {
    setStatus(null);
    const downloadLimit = wholeNumberIn(values.downloadLimit, ...LIMIT_RANGE.downloadLimit);
    const linkDays = wholeNumberIn(values.linkDays, ...LIMIT_RANGE.linkDays);
    const found = {
      ...(downloadLimit === null ? { downloadLimit: T.wholeNumber(...LIMIT_RANGE.downloadLimit) } : {}),
      ...(linkDays === null ? { linkDays: T.wholeNumber(...LIMIT_RANGE.linkDays) } : {}),
    };
    setErrors(found);
    if (downloadLimit === null || linkDays === null) return;
    update.mutate({ downloadLimit, linkDays }, {
      onSuccess: () => setStatus({ kind: 'ok', text: T.limitsSaved }),
      onError: (error) => setStatus({ kind: 'error', text: failureText(error) }),
    });
  };

  const field = (name: keyof typeof values, label: string, hint: string) => {
    const described = [`${id}-${name}-hint`, errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="editor-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          inputMode="numeric"
          value={values[name]}
          disabled={!canWrite}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={described}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            save();
          }}
        />
        <span id={`${id}-${name}-hint`} className="editor-hint">{hint}</span>
        {errors[name] ? <span id={`${id}-${name}-error`} className="field-error">{errors[name]}</span> : null}
      </div>
    );
  };

  return (
    <fieldset className="digital-file-limits">
      <legend className="visually-hidden">{T.saveLimits}</legend>
      <div className="editor-row">
        {field('downloadLimit', T.downloadLimit, T.downloadLimitHint)}
        {field('linkDays', T.linkDays, T.linkDaysHint)}
      </div>
      {canWrite ? (
        <button type="button" className="button button-secondary" disabled={update.isPending} onClick={save}>
          {update.isPending ? T.savingLimits : T.saveLimits}
        </button>
      ) : null}
      <div className={status?.kind === 'error' ? 'editor-status error' : 'editor-status'} role={status?.kind === 'error' ? 'alert' : 'status'}>
        {status ? <p>{status.text}</p> : null}
      </div>
    </fieldset>
  );
}
