import { useId, useState, type FormEvent } from 'react';
import { replyBody, type ReplyKind } from '../../../core/admin/inbox-reply';
import { when } from './RequireAdmin';
import { FormSteps, NoticeLine, useAdminAction } from './useAdminAction';
import { statusLabel } from './words';
import styles from './Admin.module.css';

/** A reply on an inbox item's thread, as GET /admin/inbox lists it. */
export interface InboxReplyView {
  id: string;
  message: string;
  to: string;
  actorEmail: string;
  createdAt: string;
  mailStatus: string | null;
}

/** The owner's replies under a message: who answered, when, what, and whether it was mailed. */
export function ReplyThread({ replies }: { replies: InboxReplyView[] }) {
  if (replies.length === 0) return null;
  return (
    <ul className={`${styles.thread} ${styles.wrap}`} aria-label="Replies">
      {replies.map((reply) => (
        <li key={reply.id}>
          <strong>
            Replied by {reply.actorEmail}, {when(reply.createdAt)}
            {reply.mailStatus ? ` (email: ${statusLabel(reply.mailStatus)})` : ''}
          </strong>
          <span style={{ display: 'block', whiteSpace: 'pre-wrap' }}>{reply.message}</span>
        </li>
      ))}
    </ul>
  );
}

interface Props {
  kind: ReplyKind;
  id: string;
  to: string;
  subject: string;
  onSent: (reply: InboxReplyView) => void;
}

/**
 * Answering a contact message or an issue report (issue 25 point 6): the reply is checked with
 * the API's own schema (its error under the field), confirmed, then mailed through the outbox.
 */
export function InboxReply({ kind, id, to, subject, onSent }: Props) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useAdminAction<'reply'>();
  const { asking, setAsking, notice, send } = action;

  function ask(event: FormEvent) {
    event.preventDefault();
    const parsed = replyBody.safeParse({ message });
    setError(parsed.success ? null : parsed.error.issues[0]!.message);
    if (parsed.success) setAsking('reply');
  }

  async function confirm() {
    const result = await send<{ reply: InboxReplyView }>(
      `/admin/inbox/${kind}/${id}/reply`,
      { message },
      `Reply sent to ${to}; it is kept on this thread.`,
    );
    if (result.ok) {
      onSent(result.data.reply);
      setMessage('');
      setOpen(false);
    }
  }

  /** The confirm step: what sending does. */
  const sending = {
    summary: `Email this reply to ${to}? It is kept on this thread.`,
    confirmLabel: 'Yes, send the reply',
    onConfirm: () => void confirm(),
  };

  if (!open) {
    return (
      <>
        <p>
          <button className={styles.secondary} type="button" onClick={() => setOpen(true)}>
            Reply<span className="visually-hidden"> to {subject}</span>
          </button>
        </p>
        <NoticeLine notice={notice} />
      </>
    );
  }
  return (
    <form className={styles.stack} onSubmit={ask} noValidate>
      <label htmlFor={`${formId}-message`}>Your reply (emailed to {to})</label>
      <textarea
        id={`${formId}-message`}
        value={message}
        rows={5}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${formId}-error` : undefined}
      />
      {error && (
        <p id={`${formId}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <FormSteps
        action={action}
        confirm={asking === 'reply' ? sending : null}
        submitLabel="Send reply"
        closeLabel="Close"
        onClose={() => setOpen(false)}
      />
    </form>
  );
}
