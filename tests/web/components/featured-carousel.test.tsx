import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FeaturedCarousel from '../../../src/islands/home/FeaturedCarousel';

/** spec §2 Home: the Featured Products carousel, and its empty state. */

describe('the featured products carousel', () => {
  it("says 'No featured products available.' when there are none (spec §2)", () => {
    render(<FeaturedCarousel count={0} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^No featured products available\.$/);
    expect(screen.queryByRole('region', { name: 'Featured products' })).not.toBeInTheDocument();
  });

  it('with products, shows the carousel with Previous and Next, and no empty text', () => {
    render(
      <FeaturedCarousel count={1}>
        <ul id="featured-track">
          <li>Campfire Enamel Mug</li>
        </ul>
      </FeaturedCarousel>,
    );
    const region = screen.getByRole('region', { name: 'Featured products' });
    expect(region).toHaveTextContent('Campfire Enamel Mug');
    expect(screen.getByRole('button', { name: 'Previous products' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next products' })).toBeVisible();
    expect(screen.queryByText('No featured products available.')).not.toBeInTheDocument();
  });
});
