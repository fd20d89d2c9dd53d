import type { TableColumnsType } from 'antd';

/**
 * Columns for a table that turns into a stack of cards on phones (`.okb-card-table`, global.css): each cell
 * carries its column's title as `data-label`, which the phone layout prints before the value. The first column
 * is the card's heading (no label); a column with key 'actions' is the card's footer.
 */
export function cardTableColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column, index) => {
    const label = typeof column.title === 'string' ? column.title : '';
    const role = index === 0 ? 'head' : column.key === 'actions' ? 'actions' : 'field';
    return {
      ...column,
      onCell: (record: T, rowIndex?: number) => ({
        ...(column.onCell?.(record, rowIndex) ?? {}),
        'data-label': label,
        'data-card': role,
      }),
    } as (typeof columns)[number];
  });
}

/** The table's class: add it to <Table> with columns from cardTableColumns. */
export const CARD_TABLE_CLASS = 'okb-card-table';
