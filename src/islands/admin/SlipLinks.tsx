import styles from './Admin.module.css';

/**
 * Links to the packing slips' print view (issue 28), each with its query; a link without one
 * (nothing selected yet) shows as a disabled button.
 */
export function SlipLinks({ links }: { links: [label: string, query: string | null][] }) {
  return (
    <div className={styles.form}>
      {links.map(([label, query]) =>
        query ? (
          <a key={label} className={styles.secondary} href={`/admin/orders/slips?${query}`}>
            {label}
          </a>
        ) : (
          <button key={label} className={styles.secondary} type="button" disabled>
            {label}
          </button>
        ),
      )}
    </div>
  );
}
