import { SLIP_TEXT, type PickLine } from '../../../core/admin/slips';
import { plural } from './words';
import styles from './Slips.module.css';
import { TableHead } from '../shared/TableHead';

/** The first columns of a slip's lines and of the pick list. */
export const ITEM_COLUMNS = ['SKU', 'Item', 'Option'] as const;

/** A line's personalized texts on a slip or the pick list, one per line. */
export function PrintedTexts({ texts }: { texts: string[] | undefined }) {
  if (!texts || texts.length === 0) return null;
  return (
    <ul className={styles.texts} data-testid="printed-personalization">
      {texts.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** The pick list: the units of each SKU the printed slips ask for, on a page of its own. */
export function PickList({ lines, orders }: { lines: PickLine[]; orders: number }) {
  return (
    <section className={styles.pick} aria-labelledby="pick-title" data-testid="pick-list">
      <h2 id="pick-title">{SLIP_TEXT.pickList}</h2>
      <p>{plural(orders, 'order')}</p>
      <table className={styles.lines}>
        <TableHead
          columns={[
            ...ITEM_COLUMNS,
            { title: 'Units', className: styles.number },
            { title: 'Orders', className: styles.number },
          ]}
        />
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.sku} ${(line.personalization ?? []).join()}`} data-sku={line.sku}>
              <td>{line.sku}</td>
              <td>
                {line.title}
                <PrintedTexts texts={line.personalization} />
              </td>
              <td>{line.option ?? ''}</td>
              <td className={styles.number} data-testid="pick-units">
                {line.units}
              </td>
              <td className={styles.number}>{line.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
