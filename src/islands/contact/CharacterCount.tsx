import { CONTACT_TEXT_MAX } from '../../../core/contact/model';
import styles from './ContactForm.module.css';

/**
 * The message's live count against the limit (issue 13 point 6). Screen readers hear it when they
 * reach the field, and once more near the limit rather than at every key.
 */
export function CharacterCount({ id, length }: { id: string; length: number }) {
  const left = CONTACT_TEXT_MAX - length;
  const near = left <= 20;
  return (
    <p id={id} className={`${styles.hint} ${left < 0 ? styles.over : ''}`}>
      <span aria-live={near ? 'polite' : 'off'}>
        {length} / {CONTACT_TEXT_MAX} characters
        {left < 0 ? `: ${-left} too many` : near ? `: ${left} left` : ''}
      </span>
    </p>
  );
}
