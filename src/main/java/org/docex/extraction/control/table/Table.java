package org.docex.extraction.control.table;

import java.util.List;
import org.docex.extraction.control.BoundingBox;

/**
 * A table on one page: the first {@code headerRows} rows are its header, every row has one cell per
 * column. A table that runs over a page break is one {@code Table} per page, the earlier part with
 * {@code continuesOnNextPage} and the later with {@code continuedFromPreviousPage}.
 */
public record Table(int page, BoundingBox bbox, int headerRows, List<ColumnKind> columns, List<List<Cell>> rows,
                    boolean continuesOnNextPage, boolean continuedFromPreviousPage) {

    public Table {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** The rows below the header. */
    public List<List<Cell>> body() {
        return rows.subList(headerRows, rows.size());
    }

    Table continuing() {
        return new Table(page, bbox, headerRows, columns, rows, true, continuedFromPreviousPage);
    }
}
