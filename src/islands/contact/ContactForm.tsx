import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { CONTACT_TEXT } from '../../../core/site-messages';
import { $auth } from '../../stores/auth';
import { useHydrated } from '../shared/useHydrated';
import { ContactFields, ReplyTo } from './ContactFields';
import { useContactForm } from './useContactForm';
import styles from './ContactForm.module.css';

/**
 * The contact form (spec §2, §5, §8). Validated with the API's own schema; the first message of
 * each field shows under it. A logged-in shopper does not type an email: the server takes the account's.
 */
export default function ContactForm() {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const accountEmail = hydrated && auth.isLoggedIn ? (auth.user?.username ?? null) : null;
  const id = useId();
  const { values, errors, status, form, thanks, earlySubmit, update, submit } = useContactForm(
    id,
    accountEmail,
  );
  if (status.kind === 'sent') {
    return (
      <p ref={thanks} className={styles.thanks} role="status" tabIndex={-1}>
        {CONTACT_TEXT.success}
      </p>
    );
  }

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} {...earlySubmit}>
      <ReplyTo
        accountEmail={accountEmail}
        id={id}
        values={values}
        errors={errors}
        update={update}
      />
      <ContactFields hydrated={hydrated} id={id} values={values} errors={errors} update={update} />
      {status.kind === 'failed' && (
        <div className={styles.failure} role="alert">
          <p>{status.text}</p>
          {status.detail && <p>{status.detail}</p>}
        </div>
      )}
      <button className={styles.submit} type="submit" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}
