import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import PersonalizationFields from '../../../src/islands/personalization/PersonalizationFields';
import PersonalizationPreview from '../../../src/islands/personalization/PersonalizationPreview';
import {
  newPersonalizationField,
  type PersonalizationSettings,
} from '../../../core/product/personalization';

const settings: PersonalizationSettings = {
  fields: [{ ...newPersonalizationField('name'), label: 'Name on the mug', maxLength: 14 }],
  leadTimeDays: 2,
  preview: {
    x: 49,
    y: 68,
    width: 34,
    size: 6,
    font: 'script',
    color: '#f3e6c4',
    rotation: -5,
  },
};

/** The product page's fields and preview together, as the page wires them. */
function Page() {
  const [values, setValues] = useState<Record<string, string>>({});
  const texts = Object.entries(values).map(([key, value]) => ({ key, value: value.trim() }));
  return (
    <>
      <PersonalizationPreview placement={settings.preview} texts={texts} width={800} height={800} />
      <PersonalizationFields
        settings={settings}
        values={values}
        errors={{}}
        disabled={false}
        onChange={setValues}
      />
    </>
  );
}

describe('the personalization preview (issue 40)', () => {
  it('draws the text where the product says, in its colour, turned by its rotation', () => {
    const { container } = render(
      <PersonalizationPreview
        placement={settings.preview}
        texts={[{ value: 'Grandma Jo' }]}
        width={800}
        height={600}
      />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 800 600');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Preview of your text: Grandma Jo',
    );
    const text = svg.querySelector('text')!;
    expect(text.textContent).toBe('Grandma Jo');
    // x 49 % of 800, y 68 % of 600; 6 % of the width is the font size.
    expect(text.getAttribute('x')).toBe('392');
    expect(text.getAttribute('y')).toBe('408');
    const group = svg.querySelector('g')!;
    expect(group.getAttribute('transform')).toBe('rotate(-5 392 408)');
    expect(group.getAttribute('fill')).toBe('#f3e6c4');
    expect(group.getAttribute('font-size')).toBe('48');
  });

  it('squeezes a text longer than the engraving into its width, and stacks fields as lines', () => {
    const { container } = render(
      <PersonalizationPreview
        placement={{ ...settings.preview, rotation: 0 }}
        texts={[{ value: 'The Marchbanks' }, { value: '2026-06-14' }]}
        width={800}
        height={800}
      />,
    );
    const lines = [...container.querySelectorAll('text')];
    expect(lines.map((line) => line.textContent)).toEqual(['The Marchbanks', '06/14/2026']);
    // 34 % of 800 px: the long name is fitted to it.
    expect(lines[0]!.getAttribute('textLength')).toBe('272');
    expect(Number(lines[1]!.getAttribute('y'))).toBeGreaterThan(
      Number(lines[0]!.getAttribute('y')),
    );
  });

  it('draws nothing until something is typed, then follows each key with its counter', () => {
    render(<Page />);
    expect(screen.queryByTestId('personalization-preview')).toBeNull();
    const input = screen.getByLabelText('Name on the mug');
    expect(input.getAttribute('aria-describedby')).toBe(
      'personalize-name-hint personalize-name-count',
    );
    expect(screen.getByTestId('counter').textContent).toBe('0 of 14 characters');
    fireEvent.change(input, { target: { value: 'Grandma Jo' } });
    expect(screen.getByTestId('personalization-preview').textContent).toBe('Grandma Jo');
    expect(screen.getByTestId('counter').textContent).toBe('10 of 14 characters');
    expect(screen.getByTestId('personalized-policy').textContent).toBe(
      'Personalized items cannot be returned. You can cancel the order while it is unfulfilled.',
    );
  });
});
