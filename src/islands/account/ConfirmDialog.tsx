import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from '../shared/Account.module.css';
import own from './Orders.module.css';

/**
 * The shop's own confirmation (a modal `<dialog>`: focus kept inside, Escape cancels), instead of
 * the browser's `window.confirm`. Shown while `open`; `onClose(true)` when confirmed.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onClose: (confirmed: boolean) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={own.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => onClose(true)}>
          {confirmLabel}
        </button>
        <button type="button" className={styles.secondary} autoFocus onClick={() => onClose(false)}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
