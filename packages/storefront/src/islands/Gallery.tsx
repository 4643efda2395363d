import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import {
  GALLERY_ASPECT_RATIOS,
  imageUrlAtWidth,
  resolveGallerySettings,
  type GalleryAspectRatio,
  type GallerySettingName,
  type GallerySettings,
} from '@vitrine/format';
import { altTextOf, imageSrcSet } from '../ui/ProductImageView';
import { Lightbox } from './Lightbox';
import { useSwipe } from './swipe';
import type { ProductImage } from '../types';

export interface GalleryImage extends ProductImage {
  description?: string;
  clickthroughUrl?: string;
  width?: number;
  height?: number;
}

export interface GalleryProps {
  images: GalleryImage[];
  /** Block settings by their spec keys; anything missing or out of range takes the default. */
  settings?: Partial<Record<GallerySettingName, unknown>>;
  /** Accessible name of the gallery region. */
  label?: string;
  /**
   * The gallery leads the page: its first picture loads at once, with high priority. Otherwise every picture is lazy,
   * so that a gallery lower down (a product's more photos, a home-page grid) never competes with the page's main
   * picture — an eager picture in a server-rendered island also gets a preload of its own, ahead of everything else.
   */
  priority?: boolean;
}

/** The gallery block in its four designs, with an optional lightbox. */
export function Gallery({ images, settings: rawSettings, label = 'Gallery', priority = false }: GalleryProps) {
  const settings = resolveGallerySettings(rawSettings);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const style = {
    '--gallery-padding': `${settings.padding}px`,
    '--gallery-columns': String(settings['thumbnails-per-row']),
    '--gallery-max-width': `${settings['max-width']}px`,
    '--gallery-aspect-ratio': String(GALLERY_ASPECT_RATIOS[settings['aspect-ratio'] as GalleryAspectRatio]),
  } as CSSProperties;
  const className = [
    'vitrine-gallery',
    `vitrine-gallery--${settings.design}`,
    `vitrine-gallery--meta-${settings['meta-position']}`,
    settings['auto-crop'] ? 'vitrine-gallery--crop' : '',
    settings['show-meta-on-hover'] ? 'vitrine-gallery--meta-hover' : '',
    settings.transparentBackground ? 'vitrine-gallery--transparent' : '',
  ]
    .filter(Boolean)
    .join(' ');

  // The first picture is eager only when the gallery leads the page (see `priority`).
  const renderImage = (image: GalleryImage, index: number, first: boolean) => (
    <GalleryFigure
      image={image}
      settings={settings}
      eager={priority && first}
      onOpen={settings.lightbox ? () => setLightboxIndex(index) : undefined}
    />
  );

  let body: ReactNode;
  if (settings.design === 'grid' || settings.design === 'stacked') {
    body = (
      <ul className="vitrine-gallery-items">
        {images.map((image, index) => (
          <li key={image.id}>{renderImage(image, index, index === 0)}</li>
        ))}
      </ul>
    );
  } else {
    body = <GallerySlides images={images} settings={settings} label={label} renderImage={renderImage} />;
  }

  return (
    <section className={className} style={style} aria-label={label}>
      {body}
      {lightboxIndex !== null && images.length > 0 ? (
        <Lightbox
          images={images}
          index={lightboxIndex}
          theme={settings.lightboxTheme === 'light' ? 'light' : 'dark'}
          onIndex={setLightboxIndex}
          onClose={() => setLightboxIndex(null)}
        />
      ) : null}
    </section>
  );
}

/**
 * How wide a gallery picture shows, for the browser to pick from the srcset: in the grid and stacked designs
 * a share of the window by thumbnails-per-row (phones show at most three across), the whole window in the
 * slideshow and carousel. An upper bound: the block may sit in a narrower column.
 */
export function gallerySizes(settings: GallerySettings): string {
  if (settings.design !== 'grid' && settings.design !== 'stacked') return '100vw';
  const columns = settings.design === 'stacked' ? 1 : Math.max(1, settings['thumbnails-per-row']);
  return `(max-width: 760px) ${Math.ceil(100 / Math.min(columns, 3))}vw, ${Math.ceil(100 / columns)}vw`;
}

function GalleryFigure({
  image,
  settings,
  eager,
  onOpen,
}: {
  image: GalleryImage;
  settings: GallerySettings;
  eager: boolean;
  onOpen?: () => void;
}) {
  const alt = altTextOf(image);
  const img = (
    <img
      src={image.assetUrl}
      srcSet={imageSrcSet(image.assetUrl)}
      sizes={gallerySizes(settings)}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
  let control: ReactNode = img;
  if (onOpen) {
    control = (
      <button type="button" className="vitrine-gallery-open" aria-haspopup="dialog" onClick={onOpen}>
        {img}
      </button>
    );
  } else if (image.clickthroughUrl) {
    control = settings.newWindow ? (
      <a href={image.clickthroughUrl} target="_blank" rel="noopener noreferrer">
        {img}
      </a>
    ) : (
      <a href={image.clickthroughUrl}>{img}</a>
    );
  }
  const showMeta = settings['show-meta'] && settings['show-meta-basic'] && (image.title || image.description);
  return (
    <figure className="vitrine-gallery-item">
      {control}
      {showMeta ? (
        <figcaption className="vitrine-gallery-meta">
          {image.title ? <span className="vitrine-gallery-title">{image.title}</span> : null}
          {!settings['show-meta-only-title'] && image.description ? (
            <span className="vitrine-gallery-description">{image.description}</span>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}

function GallerySlides({
  images,
  settings,
  label,
  renderImage,
}: {
  images: GalleryImage[];
  settings: GallerySettings;
  label: string;
  renderImage: (image: GalleryImage, index: number, eager: boolean) => ReactNode;
}) {
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(settings.autoplay);
  const count = images.length;
  const go = (delta: number) => setActive((index) => (count === 0 ? 0 : (index + delta + count) % count));
  const swipe = useSwipe(go);

  // Shoppers who ask for less motion start paused (read after hydration: the server cannot know).
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
  }, []);

  const durationMs = settings['autoplay-duration'] * 1000;
  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % count), durationMs);
    return () => clearInterval(timer);
  }, [playing, count, durationMs]);

  // The carousel (slider) never shows a thumbnail strip; the slideshow does when asked.
  const showThumbnails = settings.design === 'slideshow' && settings.thumbnails;
  const stripStyle = {
    height: `${settings['thumbnail-strip-height']}px`,
    marginTop: `${settings['thumbnail-strip-margin']}px`,
  };

  return (
    <div
      className={`vitrine-gallery-slides vitrine-gallery-slides--align-${settings['active-alignment']}`}
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      {...swipe}
    >
      {images.map((image, index) => (
        <div
          key={image.id}
          className="vitrine-gallery-slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          hidden={index !== active}
        >
          {renderImage(image, index, index === 0)}
        </div>
      ))}
      {settings.controls && count > 1 ? (
        <div className="vitrine-gallery-controls">
          <button type="button" onClick={() => go(-1)}>
            Previous image
          </button>
          <button type="button" onClick={() => go(1)}>
            Next image
          </button>
        </div>
      ) : null}
      {settings.autoplay && count > 1 ? (
        <button type="button" className="vitrine-gallery-play" onClick={() => setPlaying((p) => !p)}>
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
      ) : null}
      {showThumbnails ? (
        <ul className={settings['square-thumbs'] ? 'vitrine-gallery-thumbs vitrine-gallery-thumbs--square' : 'vitrine-gallery-thumbs'} style={stripStyle}>
          {images.map((image, index) => (
            <li key={image.id}>
              <button type="button" aria-current={index === active ? 'true' : undefined} onClick={() => setActive(index)}>
                <img src={imageUrlAtWidth(image.assetUrl, 100)} alt={altTextOf(image)} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
