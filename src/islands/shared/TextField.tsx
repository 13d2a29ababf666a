import type { ComponentProps } from 'react';
import { Field } from './Field';

type Props = Omit<ComponentProps<typeof Field>, 'name' | 'classes'>;

/** The checkout's field: the shop's one Field, named by its id, with the checkout's classes. */
export function TextField({ id, className, ...field }: Props) {
  return (
    <Field
      id={id}
      name={id}
      classes={{ field: `field ${className ?? ''}`, hint: 'hint', error: 'field-error' }}
      {...field}
    />
  );
}
