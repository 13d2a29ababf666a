import { personalizedLine, type PersonalizedText } from '../../../core/product/personalized-text';

/**
 * A personalized line's texts as every page shows them, one per line ("Name on the mug: Grandma
 * Jo"): the cart, the review, the confirmation, the order history and the back office (issue 40).
 */
export default function PersonalizedTexts({
  texts,
}: {
  texts: readonly Pick<PersonalizedText, 'label' | 'value'>[] | null | undefined;
}) {
  if (!texts || texts.length === 0) return null;
  return (
    <ul className="personalization" data-testid="personalization" aria-label="Personalization">
      {texts.map((text) => (
        <li key={text.label}>{personalizedLine(text)}</li>
      ))}
    </ul>
  );
}

/** A line's name for buttons and labels, its texts included so two mugs are told apart. */
export function personalizedName(
  name: string,
  texts: readonly Pick<PersonalizedText, 'value'>[] | null | undefined,
): string {
  return texts && texts.length > 0 ? `${name}, ${texts.map((t) => t.value).join(', ')}` : name;
}
