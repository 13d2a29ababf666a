import { useState, type FormEvent } from 'react';
import { NOTE_MAX, NOTE_MESSAGES, noteBody, type OrderNote } from '../../../core/admin/order-notes';
import { when } from './RequireAdmin';
import { NoticeLine, useAdminAction } from './useAdminAction';
import styles from './Admin.module.css';

/** The order's internal notes (issue 28): the team's only, never shown to the customer. */
export function OrderNotes({ orderId, initial }: { orderId: string; initial: OrderNote[] }) {
  const [notes, setNotes] = useState(initial);
  const [text, setText] = useState('');
  const { busy, notice, setNotice, send } = useAdminAction<'note'>();

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = noteBody.safeParse({ text });
    if (!parsed.success) {
      setNotice({ error: true, text: NOTE_MESSAGES.text });
      return;
    }
    const result = await send<{ notes: OrderNote[] }>(
      `/admin/orders/${orderId}/notes`,
      parsed.data,
      NOTE_MESSAGES.added,
    );
    if (result.ok) {
      setNotes(result.data.notes);
      setText('');
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="notes-title">
      <h3 id="notes-title">Internal notes</h3>
      <p>Only the back office sees these; the customer never does.</p>
      {notes.length > 0 && (
        <ul data-testid="order-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className={styles.wrap}>{note.text}</p>
              <small>
                {note.authorEmail}, {when(note.createdAt)}
              </small>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.stack} onSubmit={(e) => void add(e)}>
        <label>
          New note
          <textarea value={text} maxLength={NOTE_MAX} onChange={(e) => setText(e.target.value)} />
        </label>
        <button className={styles.button} type="submit" disabled={busy}>
          Add note
        </button>
      </form>
      <NoticeLine notice={notice} />
    </section>
  );
}
