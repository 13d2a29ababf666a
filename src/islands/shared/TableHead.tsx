/** A column of a table's head: its title, or its title and a class (a figures column's). */
export type HeadColumn = string | { title: string; className: string | undefined };

/**
 * A table's head row: one `<th scope="col">` a column, in order. A `false` column (one shown only
 * sometimes) is left out.
 */
export function TableHead({ columns }: { columns: readonly (HeadColumn | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          column === false ? null : typeof column === 'string' ? (
            <th key={index} scope="col">
              {column}
            </th>
          ) : (
            <th key={index} scope="col" className={column.className}>
              {column.title}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
