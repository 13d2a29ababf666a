import { SLIP_TEXT, type PickLine } from '../../../core/admin/slips';
import { plural } from './words';
import styles from './Slips.module.css';
import { TableHead } from '../shared/TableHead';

/** The first columns of a slip's lines and of the pick list. */
export const ITEM_COLUMNS = ['SKU', 'Item', 'Option'] as const;

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
            <tr key={line.sku} data-sku={line.sku}>
              <td>{line.sku}</td>
              <td>{line.title}</td>
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
