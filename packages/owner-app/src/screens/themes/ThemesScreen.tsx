import { useId, useRef, useState, type FormEvent } from 'react';
import type { ThemesReply } from '@vitrine/contracts';
import { useOwnerClient } from '../../api/client';
import { useQueryClient } from '@tanstack/react-query';
import { ScreenHeading } from '../../app/ScreenHeading';
import { failureText } from '../../ui/messages';
import { ReadStates } from '../../ui/states';
import './themes.css';
import { themeKeys, THEME_TEXTS, ThemeUploadError, uploadTheme, useChooseTheme, useDeleteTheme, useThemes } from './themes-api';

/**
 * Design → Themes (`/config/design/themes`, admins): the themes uploaded to this website and the default, one
 * chosen as the site's theme (a radio group and a save button); the upload of a theme zip, with the server's
 * reasons listed (`file:line: message`) when it refuses one.
 */
export default function ThemesScreen() {
  const themes = useThemes();
  return (
    <section className="themes-screen">
      <ScreenHeading>Themes</ScreenHeading>
      <p className="muted themes-intro">{THEME_TEXTS.intro}</p>
      <ReadStates read={themes}>{(data) => <ThemeChoice data={data} />}</ReadStates>
      <ThemeUpload />
    </section>
  );
}

function ThemeChoice({ data }: { data: ThemesReply }) {
  const [selected, setSelected] = useState<string>(data.activeThemeId ?? '');
  const [status, setStatus] = useState('');
  const choose = useChooseTheme();
  const remove = useDeleteTheme();
  const name = useId();
  const nameOf = (id: string) => (id === '' ? THEME_TEXTS.defaultTheme : data.themes.find((theme) => theme.id === id)?.name ?? id);
  const save = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate(selected === '' ? null : selected, {
      onSuccess: () => setStatus(THEME_TEXTS.chosen(nameOf(selected))),
      onError: (error) => setStatus(failureText(error)),
    });
  };
  return (
    <form onSubmit={save} className="card themes-card">
      <fieldset className="themes-choice">
        <legend>{THEME_TEXTS.installed}</legend>
        <div className="themes-row">
          <label>
            <input type="radio" name={name} value="" checked={selected === ''} onChange={() => setSelected('')} /> {THEME_TEXTS.defaultTheme}{' '}
            <small className="muted">{THEME_TEXTS.defaultThemeNote}</small>
          </label>
        </div>
        {data.themes.map((theme) => (
          <div key={theme.id} className="themes-row">
            <label>
              <input type="radio" name={name} value={theme.id} checked={selected === theme.id} onChange={() => setSelected(theme.id)} /> {theme.name}{' '}
              <small className="muted">{THEME_TEXTS.version(theme.version)}</small>
            </label>{' '}
            <button type="button" className="button button-plain" onClick={() => remove.mutate(theme.id, { onSuccess: () => setStatus(THEME_TEXTS.removed), onError: (error) => setStatus(failureText(error)) })}>
              {THEME_TEXTS.remove(theme.name)}
            </button>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={choose.isPending}>{choose.isPending ? THEME_TEXTS.using : THEME_TEXTS.use}</button>
      <p role="status">{status}</p>
    </form>
  );
}

function ThemeUpload() {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setProblems([]);
    if (!file) return setMessage(THEME_TEXTS.pickFile);
    setBusy(true);
    try {
      const reply = await uploadTheme(client, file);
      queryClient.setQueryData(themeKeys.themes, reply);
      setMessage(THEME_TEXTS.uploaded(reply.themes[0]?.name ?? file.name));
      if (input.current) input.current.value = '';
    } catch (error) {
      setMessage(error instanceof ThemeUploadError ? error.message : failureText(error));
      setProblems(error instanceof ThemeUploadError ? error.problems : []);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void send(event)} className="card themes-card themes-upload">
      <label htmlFor={inputId}>{THEME_TEXTS.uploadLabel}</label>
      <input id={inputId} ref={input} type="file" accept=".zip,application/zip" />
      <button type="submit" className="button button-secondary" disabled={busy}>{busy ? THEME_TEXTS.uploading : THEME_TEXTS.upload}</button>
      <div role="alert" className="themes-problems">
        {message ? <p>{message}</p> : null}
        {problems.length > 0 ? (
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </form>
  );
}
