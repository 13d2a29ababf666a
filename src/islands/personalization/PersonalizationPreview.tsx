import {
  shownValue,
  type PersonalizedText,
  type PreviewFont,
  type PreviewPlacement,
} from '../../../core/product/personalization';

/** The font families the preview draws each setting with. */
const FONT_FAMILIES: Record<PreviewFont, string> = {
  serif: 'Georgia, "Times New Roman", serif',
  'sans-serif': 'system-ui, "Helvetica Neue", Arial, sans-serif',
  script: '"Segoe Script", "Brush Script MT", "Apple Chancery", cursive',
  monospace: '"Courier New", monospace',
};

/** A coordinate to a tenth of a pixel: enough for any picture, and no float noise in the markup. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** About how wide a character is, in ems, to squeeze a long text into the engraving's width. */
const AVERAGE_CHARACTER_EM = 0.58;

/**
 * The shopper's text drawn over the product's picture (issue 40): an SVG layer with the picture's
 * own proportions, so it lines up with the image however the page scales it (`meet` is what the
 * image's `object-fit: contain` does), the text placed where the product's settings say, one line
 * per filled field, squeezed to the engraving's width when it is longer.
 */
export default function PersonalizationPreview({
  placement,
  texts,
  width,
  height,
}: {
  placement: PreviewPlacement;
  texts: readonly Pick<PersonalizedText, 'value'>[];
  /** The picture's own size, in pixels. */
  width: number;
  height: number;
}) {
  const lines = texts.map((text) => shownValue(text)).filter((line) => line !== '');
  if (lines.length === 0) return null;
  const percentOf = (part: number, whole: number) => tenth(part * whole * 0.01);
  const x = percentOf(placement.x, width);
  const y = percentOf(placement.y, height);
  const most = percentOf(placement.width, width);
  const size = percentOf(placement.size, width);
  const lineHeight = size * 1.2;
  const top = tenth(y - ((lines.length - 1) * lineHeight) / 2);
  return (
    <svg
      className="personalization-preview"
      data-testid="personalization-preview"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={`Preview of your text: ${lines.join(', ')}`}
    >
      <g
        transform={`rotate(${placement.rotation} ${x} ${y})`}
        fill={placement.color}
        fontFamily={FONT_FAMILIES[placement.font]}
        fontSize={size}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {lines.map((line, index) => {
          const squeeze = [...line].length * size * AVERAGE_CHARACTER_EM > most;
          return (
            <text
              key={index}
              x={x}
              y={tenth(top + index * lineHeight)}
              {...(squeeze ? { textLength: most, lengthAdjust: 'spacingAndGlyphs' } : {})}
            >
              {line}
            </text>
          );
        })}
      </g>
    </svg>
  );
}
