import classes from './charts.module.css';

type Props = { caption: string; columns: string[]; rows: Array<{ key: string; cells: string[] }>; visible?: boolean; testId?: string };

/**
 * A chart's text alternative: its values as a table, read by screen readers (visually hidden unless `visible`). The
 * first cell of each row heads the row.
 */
export function ChartTable({ caption, columns, rows, visible = false, testId = 'chart-table' }: Props) {
  return (
    <table className={visible ? undefined : classes.visuallyHidden} data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={index}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
