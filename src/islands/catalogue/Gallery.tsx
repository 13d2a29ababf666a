import type { ReactNode } from 'react';
import type { ResponsiveImage } from '../../../core/images/product-images';

interface GalleryProps {
  images: ResponsiveImage[];
  shown: string | undefined;
  onShow: (path: string) => void;
  alt: string;
  /** A layer drawn over the large image (a personalization's preview), given the image's size. */
  overlay?: ((size: { width: number; height: number }) => ReactNode) | undefined;
}

/** The product's images: one large, the others as thumbnail buttons that show them. */
export default function Gallery({ images, shown, onShow, alt, overlay }: GalleryProps) {
  const main = images.find((image) => image.path === shown) ?? images[0];
  if (!main) return null;
  return (
    <div className="gallery">
      <div className="main-picture">
        <img
          className="main-image"
          src={main.src}
          srcSet={main.srcset}
          sizes="(min-width: 56rem) 34rem, 92vw"
          width={main.width}
          height={main.height}
          alt={alt}
          fetchPriority="high"
          decoding="async"
        />
        {overlay?.({ width: main.width, height: main.height })}
      </div>
      {images.length > 1 && (
        <ul className="thumbs" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.path}>
              <button
                type="button"
                aria-pressed={image.path === main.path}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                onClick={() => onShow(image.path)}
              >
                <img
                  src={image.thumb}
                  width={72}
                  height={72 * (image.height / image.width)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
