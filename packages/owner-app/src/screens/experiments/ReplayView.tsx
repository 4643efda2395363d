import { useEffect, useRef, useState } from 'react';
import { Replayer } from 'rrweb';
import 'rrweb/dist/style.css';
import { useBoot } from '../../api/client';
import { Link } from '../../app/router';
import { useLocale } from '../../ui/locale';
import { ReadStates } from '../../ui/states';
import { useReplaySession, type ReplayReply } from './experiments-api';
import { durationText, whenText } from './replay-setup';
import { EXPERIMENT_TEXTS as TEXTS } from './texts';

/** rrweb's event types the player needs: a page to draw (2, a full snapshot) and its size (4, meta). */
const FULL_SNAPSHOT = 2;

/**
 * The owner app's CSP keeps `<style>` elements to our origin, and the replay frame inherits it, so the recorded
 * page's inlined stylesheets would not apply. Each one is handed to the frame again as a constructed stylesheet
 * (CSSOM, which the policy does not govern).
 */
function adoptRecordedStyles(frame: HTMLIFrameElement): void {
  const doc = frame.contentDocument;
  const view = frame.contentWindow as (Window & { CSSStyleSheet: typeof CSSStyleSheet }) | null;
  if (!doc || !view || !('adoptedStyleSheets' in doc)) return;
  // rrweb draws each recorded script as a noscript placeholder and hides it with a style of its own, which the
  // policy also keeps out: hidden here.
  const placeholders = new view.CSSStyleSheet();
  placeholders.replaceSync('noscript { display: none !important; }');
  const sheets: CSSStyleSheet[] = [placeholders];
  for (const style of Array.from(doc.querySelectorAll('style'))) {
    const text = style.textContent ?? '';
    if (text.trim() === '' || (style.sheet && style.sheet.cssRules.length > 0)) continue;
    try {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(text);
      sheets.push(sheet);
    } catch {
      // A sheet the browser cannot read stays out; the page still plays.
    }
  }
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, ...sheets];
}

/** `/config/experiments/replays/<sessionId>`: the session's facts and the player. */
export default function ReplayView({ sessionId }: { sessionId: string }) {
  const replay = useReplaySession(sessionId);
  const locale = useLocale();
  const { timeZone } = useBoot().website;
  return (
    <div className="experiments-replay">
      <p>
        <Link to="/config/experiments/replays">{TEXTS.backToReplays}</Link>
      </p>
      <ReadStates read={replay}>
        {(recording) => (
          <>
            <h2>{TEXTS.replayTitle}</h2>
            <dl className="experiments-facts">
              <div><dt>{TEXTS.started}</dt><dd>{whenText(recording.session.startedAt, locale, timeZone)}</dd></div>
              <div><dt>{TEXTS.duration}</dt><dd>{durationText(recording.session.durationMs)}</dd></div>
              <div><dt>{TEXTS.firstPage}</dt><dd className="path">{recording.session.firstPath}</dd></div>
              <div><dt>{TEXTS.device}</dt><dd>{recording.session.device}</dd></div>
              <div><dt>{TEXTS.browser}</dt><dd>{recording.session.browser}</dd></div>
            </dl>
            <p className="experiments-note">{TEXTS.masked}</p>
            <Player events={recording.events} />
          </>
        )}
      </ReadStates>
    </div>
  );
}

type PlayerState = 'playing' | 'paused' | 'finished';

function Player({ events }: { events: ReplayReply['events'] }) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [state, setState] = useState<PlayerState>('paused');
  const [at, setAt] = useState(0);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const playable = events.some((event) => (event as { type?: unknown }).type === FULL_SNAPSHOT) && events.length >= 2;

  useEffect(() => {
    const root = frame.current;
    if (!root || !playable) return;
    let player: Replayer;
    try {
      player = new Replayer(events as never[], { root, mouseTail: false, skipInactive: true, triggerFocus: false, UNSAFE_replayCanvas: false });
    } catch {
      setFailed(true);
      return;
    }
    replayer.current = player;
    player.on('fullsnapshot-rebuilded', () => adoptRecordedStyles(player.iframe));
    player.on('finish', () => setState('finished'));
    setTotal(player.getMetaData().totalTime);
    // Fit the recorded viewport into the region's width.
    const fit = () => {
      const wrapper = player.wrapper;
      const width = Number.parseFloat(player.iframe.width) || 1;
      const height = Number.parseFloat(player.iframe.height) || 1;
      const scale = Math.min(1, (stage.current?.clientWidth ?? width) / width);
      wrapper.style.transform = `scale(${scale})`;
      wrapper.style.transformOrigin = 'top left';
      if (stage.current) stage.current.style.height = `${Math.ceil(height * scale)}px`;
    };
    player.on('resize', fit);
    fit();
    // The region narrows and widens with the window (a phone turned, a desktop resized): fit again.
    const observer = typeof ResizeObserver === 'function' && stage.current ? new ResizeObserver(fit) : null;
    if (observer && stage.current) observer.observe(stage.current);
    player.play(0);
    setState('playing');
    const tick = window.setInterval(() => setAt(Math.min(player.getCurrentTime(), player.getMetaData().totalTime)), 250);
    return () => {
      window.clearInterval(tick);
      observer?.disconnect();
      player.pause();
      player.destroy?.();
      replayer.current = null;
      root.replaceChildren();
    };
  }, [events, playable]);

  if (!playable) return <p className="experiments-note">{TEXTS.noEvents}</p>;
  if (failed) return <p role="alert">{TEXTS.playerFailed}</p>;

  const toggle = () => {
    const player = replayer.current;
    if (!player) return;
    if (state === 'playing') {
      player.pause();
      setState('paused');
    } else {
      player.play(state === 'finished' ? 0 : player.getCurrentTime());
      setState('playing');
    }
  };
  return (
    <section className="experiments-player" aria-label={TEXTS.player}>
      <div className="experiments-player-controls">
        <button type="button" className="button button-primary" onClick={toggle}>
          {state === 'playing' ? TEXTS.pause : state === 'finished' ? TEXTS.restart : TEXTS.play}
        </button>
        <progress max={Math.max(total, 1)} value={Math.min(at, total)} aria-label={TEXTS.progressLabel} />
        <span className="experiments-progress">{TEXTS.progress(durationText(at), durationText(total))}</span>
      </div>
      <div ref={stage} className="experiments-stage">
        <div ref={frame} className="experiments-frame" />
      </div>
    </section>
  );
}
