import type { ReactNode } from 'react';
import { FieldFrame, type ControlAria } from '../shared/Field';
import styles from './Admin.module.css';
import editor from './ProductEditor.module.css';

/** What a control needs to be tied to its label, hint and message. */
export type ControlProps = ControlAria & { id: string; name: string };

interface Props {
  id: string;
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** The control (input, textarea), given the props that tie it to the label and messages. */
  children: (props: ControlProps) => ReactNode;
}

const EDITOR_CLASSES = { field: editor.field ?? '', error: styles.error };

/** One of the product form's controls, in the shop's one field frame with the editor's classes. */
export function EditorField({ id, name, children, ...frame }: Props) {
  return (
    <FieldFrame id={id} classes={EDITOR_CLASSES} {...frame}>
      {(aria) => children({ id, name, ...aria })}
    </FieldFrame>
  );
}
