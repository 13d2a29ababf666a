import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { fitsSource, readImageRequest } from '../core/images/image-allow-list';
import { containedPath } from './http/contained-path';

type Size = { width: number; height: number };

const MAX_REMEMBERED = 2_000;

/**
 * Whether a canonical path (api/lib/canonical-path.ts) is one Astro answers with its image
 * endpoint. Astro's router matches the decoded path against `^\/_image\/?$` (trailing slash
 * ignored, case kept); every other spelling it would also route there (`/%5Fimage`, `/./_image`,
 * `//_image`, `/_image/.`) is not canonical, so the server redirects it here first.
 */
export function isImageEndpoint(pathname: string): boolean {
  return pathname === '/_image' || pathname === '/_image/';
}

/**
 * Stands before Astro's image endpoint (`/_image`): a request for a copy the site does not emit
 * (see core/images/image-allow-list.ts) or larger than its source is answered 400 here, after reading
 * only the source's header, so no image is decoded or resized for it.
 */
export function createImageGuard(clientRoot: string) {
  const sizes = new Map<string, Size | null>();

  async function sourceSize(href: string): Promise<Size | null> {
    if (!href.startsWith('/') || href.startsWith('//')) return null;
    const file = containedPath(clientRoot, href.split('?')[0]!);
    if (!file) return null;
    const known = sizes.get(file);
    if (known !== undefined) return known;
    let size: Size | null = null;
    try {
      const { width, height } = await sharp(file).metadata();
      if (width && height) size = { width, height };
    } catch {
      size = null;
    }
    if (sizes.size >= MAX_REMEMBERED) sizes.clear();
    sizes.set(file, size);
    return size;
  }

  /**
   * Answers 400 and returns true when the request (its query, `?` or not) is refused; false lets
   * it through.
   */
  return async (res: ServerResponse, search: string): Promise<boolean> => {
    const request = readImageRequest(new URLSearchParams(search));
    let problem = typeof request === 'string' ? request : undefined;
    if (typeof request !== 'string') {
      const size = await sourceSize(request.href);
      if (!size) problem = 'There is no such image.';
      else if (!fitsSource(request, size)) problem = 'This image size is not offered.';
    }
    if (!problem) return false;
    res.writeHead(400, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(problem);
    return true;
  };
}
