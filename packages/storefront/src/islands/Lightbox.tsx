import { useEffect, useState } from 'react';
import { imageSrcSet } from '@vitrine/format';
import { Modal } from '../ui/Modal';
import { altTextOf } from '../ui/ProductImageView';
import type { GalleryImage } from './Gallery';
import { LIGHTBOX_CHROME_PX, LIGHTBOX_RESIZE_DELAY_MS, lightboxImageSize } from './lightbox-size';
import { useSwipe } from './swipe';

export interface LightboxProps {
  images: GalleryImage[];
  index: number;
  theme: 'dark' | 'light';
  onIndex: (index: number) => void;
  onClose: () => void;
}

function viewport() {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** A full-window view of one gallery image with previous/next (buttons, arrow keys or a swipe). */
export function Lightbox({ images, index, theme, onIndex, onClose }: LightboxProps) {
  const image = images[index] ?? images[0]!;
  const count = images.length;
  const [window_, setWindow] = useState(viewport);
  const [natural, setNatural] = useState({ width: image.width ?? 0, height: image.height ?? 0 });
  const step = (delta: number) => onIndex((index + delta + count) % count);
  const swipe = useSwipe((delta) => {
    if (count > 1) step(delta);
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWindow(viewport()), LIGHTBOX_RESIZE_DELAY_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'ArrowRight') step(1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // The title bar and the previous/next row share the window with the picture: it is sized to what they
  // leave, so the controls stay on screen (1280×800 included).
  const size = lightboxImageSize(natural, { width: window_.width, height: window_.height - LIGHTBOX_CHROME_PX });
  const alt = altTextOf(image);
  return (
    <Modal title={image.title || alt} onClose={onClose} className={`vitrine-lightbox vitrine-lightbox--${theme}`}
      panelStyle={theme === 'dark' ? { background: '#111', color: '#fff', maxWidth: 'none', padding: 16 } : { maxWidth: 'none', padding: 16 }}
    >
      <div className="vitrine-lightbox-stage" {...swipe}>
        <img
          key={image.id}
          src={image.assetUrl}
          srcSet={imageSrcSet(image.assetUrl)}
          sizes="100vw"
          alt={alt}
          style={size.width > 0 ? { width: size.width, height: size.height } : undefined}
          onLoad={(event) => {
            const el = event.currentTarget;
            if (el.naturalWidth > 0) setNatural({ width: el.naturalWidth, height: el.naturalHeight });
          }}
        />
      </div>
      {count > 1 ? (
        <div className="vitrine-lightbox-controls">
          <button type="button" onClick={() => step(-1)}>
            Previous image
          </button>
          <span>
            {index + 1} / {count}
          </span>
          <button type="button" onClick={() => step(1)}>
            Next image
          </button>
        </div>
      ) : null}
    </Modal>
  );
}
