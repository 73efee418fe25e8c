import { routeTable, type RouteTableRow, type RouteTableSource } from './route-table';

const HEADINGS = ['METHOD', 'PATH', 'NAME', 'MIDDLEWARE'] as const;

/**
 * The route table as aligned text, one line per route under a heading line, for a console or a log:
 * `console.log(formatRouteTable(app))`. Takes an application or rows `routeTable()` returned (filtered,
 * say); `(no routes)` when there are none.
 *
 * @example
 * METHOD  PATH          NAME        MIDDLEWARE
 * GET     /notes/{id}   note        validate, showNote
 * GET     /admin/stats  /stats^GET  auth, stats
 */
export function formatRouteTable(source: RouteTableSource | readonly RouteTableRow[]): string {
  const rows = isRows(source) ? source : routeTable(source);
  if (rows.length === 0) return '(no routes)';
  const cells = [
    [...HEADINGS],
    ...rows.map((row) => [row.method, row.path, row.name, row.middleware.join(', ')]),
  ];
  const widths = HEADINGS.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)));
  return cells
    .map((line) =>
      line
        .map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function isRows(source: RouteTableSource | readonly RouteTableRow[]): source is readonly RouteTableRow[] {
  return Array.isArray(source);
}
