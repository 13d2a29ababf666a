/** The catalogue colours, what an artwork entry holds, and the printed patterns. */
import { scatter } from './items-textiles';
import { type Deco, frond, salmon, tree } from './motifs';
import { type Scene, sceneBox } from './scenes';
import { between } from './svg';

export const COLORS: Record<string, string> = {
  'Forest Green': '#2f5d3f',
  'Slate Blue': '#4d6c8c',
  Cream: '#ece1c6',
  Moss: '#6e7f3c',
  Charcoal: '#3e4348',
  Rust: '#b4552e',
  'Sea Glass': '#96c7b6',
  'Driftwood Grey': '#9b968c',
  Sandstone: '#d6b288',
  'Fir Green': '#2f6a4a',
  'Glacier Blue': '#86b7d4',
  Huckleberry: '#5a3a70',
  Sand: '#d7c196',
  Slate: '#5c6a78',
  Salmon: '#e5806c',
};

export interface Art {
  /** The product's own colour; colour variants override it. */
  color: string;
  draw: (color: string) => string;
  /** Backdrop palette index (defaults to one chosen from the slug). */
  bg?: number;
  /** Photo products fill a 1200 × 800 frame with a scene instead. */
  photo?: Scene;
  /** Centre of the close-up view, for products with a second image. */
  focus?: [number, number];
  zoom?: number;
  /** Backdrop decoration (defaults to one chosen from the image path). */
  deco?: Deco;
}

export const fernPrint = (c: string) =>
  scatter((x, y) => frond(x, y + 30, 60, between(-30, 30), c, 6), 80);
export const treePrint = (c: string) => scatter((x, y) => tree(x, y + 14, 30, c, 3), 46);
export const salmonPrint = scatter(
  (x, y) =>
    `<g transform="translate(${x} ${y}) scale(0.22)">${salmon('#e5806c', '#c85a4a', '#b34a3c')}</g>`,
  90,
);
export const ridgePrint = (x: number, y: number, w: number, h: number) =>
  sceneBox('ridges', x, y, w, h);
