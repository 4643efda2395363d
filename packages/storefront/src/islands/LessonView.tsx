import { useEffect, useRef, useState } from 'react';
import type { SaveLessonProgressBody } from '@vitrine/contracts';
import { requestJson } from '../api/http';
import { dispatchShopperEvent, SHOPPER_EVENTS } from '../shopper-events';
import type { LessonPlayer, LessonProps } from './Lesson';

/** The gated-content events (§7) go to the tracking client as `vitrine:track { name, content }`. */
const track = (name: string, content: Record<string, unknown>) => dispatchShopperEvent(SHOPPER_EVENTS.track, { name, content });

/** How often a playing video's position is kept (seconds of playing between saves). */
const SAVE_EVERY_SECONDS = 15;

export function LessonView(props: LessonProps) {
  if (props.part === 'outline') return <CourseOutlineEvents collectionId={props.collectionId} lessonCount={props.lessonCount} />;
  return <LessonPlayerView {...props} />;
}

function CourseOutlineEvents({ collectionId, lessonCount }: { collectionId: string; lessonCount: number }) {
  useEffect(() => track('video-list-view', { collection_id: collectionId, lesson_count: lessonCount }), [collectionId, lessonCount]);
  return null;
}

type PlayerProps = Extract<LessonProps, { part: 'player' }>;

function saveProgress(url: string, body: SaveLessonProgressBody) {
  return requestJson<{ progress: { completed: boolean } }>('PUT', url, body);
}

function LessonPlayerView(props: PlayerProps) {
  const [completed, setCompleted] = useState(props.completed);
  const [status, setStatus] = useState<'idle' | 'saving' | 'failed'>('idle');
  const savedAt = useRef(props.positionSeconds);

  useEffect(() => track('video-detail-view', { viewer_access_status: props.access, item_id: props.itemId }), [props.access, props.itemId]);

  const keepPosition = (seconds: number, force = false) => {
    if (!props.canKeepProgress) return;
    const whole = Math.max(0, Math.floor(seconds));
    if (!force && Math.abs(whole - savedAt.current) < SAVE_EVERY_SECONDS) return;
    savedAt.current = whole;
    saveProgress(props.progressUrl, { positionSeconds: Math.min(whole, 86_400) }).catch(() => undefined);
  };

  const markComplete = async () => {
    setStatus('saving');
    try {
      const answer = await saveProgress(props.progressUrl, { completed: true });
      setCompleted(answer.progress.completed);
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className="lesson-player">
      {props.player ? <Player player={props.player} title={props.title} startAt={props.positionSeconds} onPosition={keepPosition} /> : null}
      <div className="lesson-progress">
        {props.canKeepProgress ? (
          completed ? (
            <p className="lesson-progress-done" role="status">You completed this lesson.</p>
          ) : (
            <>
              <button type="button" className="button" onClick={markComplete} disabled={status === 'saving'}>
                Mark complete
              </button>
              {status === 'failed' ? <p className="lesson-progress-error" role="alert">Your progress could not be saved. Please try again.</p> : null}
            </>
          )
        ) : (
          <p className="lesson-progress-note">
            <a href={props.signInUrl}>Sign in</a> to keep your progress.
          </p>
        )}
      </div>
    </div>
  );
}

function Player({ player, title, startAt, onPosition }: { player: LessonPlayer; title: string; startAt: number; onPosition: (seconds: number, force?: boolean) => void }) {
  const [playing, setPlaying] = useState(false);
  if (player.kind === 'file') {
    return (
      <video
        className="lesson-video"
        controls
        preload="metadata"
        aria-label={`Video: ${title}`}
        onLoadedMetadata={(event) => {
          const video = event.currentTarget;
          // Back where the member stopped, unless that was the very end.
          if (startAt > 0 && Number.isFinite(video.duration) && startAt < video.duration - 5) video.currentTime = startAt;
        }}
        onTimeUpdate={(event) => onPosition(event.currentTarget.currentTime)}
        onPause={(event) => onPosition(event.currentTarget.currentTime, true)}
      >
        <source src={player.url} type={player.contentType} />
      </video>
    );
  }
  const providerName = player.provider === 'youtube' ? 'YouTube' : 'Vimeo';
  if (!playing) {
    // The provider's player (and its cookies and requests) loads only once the visitor asks for it.
    return (
      <div className="lesson-embed lesson-embed--facade">
        <button
          type="button"
          className="lesson-embed-play"
          aria-label={`Play video: ${title} (${providerName})`}
          onClick={() => {
            track('third-party-video-click', { video_url: player.videoUrl });
            setPlaying(true);
          }}
        >
          Play video <span className="lesson-embed-provider">({providerName})</span>
        </button>
      </div>
    );
  }
  return (
    <div className="lesson-embed">
      <iframe src={`${player.playerUrl}?autoplay=1`} title={`Video: ${title}`} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen loading="lazy" />
    </div>
  );
}
