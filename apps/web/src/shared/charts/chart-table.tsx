import classes from './charts.module.css';

type Props = { caption: string; columns: string[]; rows: Array<{ key: string; cells: string[] }>; visible?: boolean; testId?: string };

/**
 * A chart's text alternative: its values as a table, read by screen readers (visually hidden unless `visible`). The
 * first cell of each row heads the row. A hidden table is hidden by a box around it: a table is never narrower than its
 * cells, so hidden itself it stood out of the page, and a phone's page grew wider than its screen.
 */
export function ChartTable({ caption, columns, rows, visible = false, testId = 'chart-table' }: Props) {
  const table = (
    <table data-testid={testId}>
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
  return visible ? table : <div className={classes.visuallyHidden}>{table}</div>;
}
