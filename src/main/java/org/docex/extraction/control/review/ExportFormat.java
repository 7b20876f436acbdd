package org.docex.extraction.control.review;

import org.docex.errors.UnprocessableException;

/** How committed fields are exported: JSON unless the client asks for CSV. */
public enum ExportFormat {
    JSON, CSV;

    /** {@code json} or {@code csv}; absent means json. */
    public static ExportFormat named(String name) {
        if (name == null || name.equals("json")) {
            return JSON;
        }
        if (name.equals("csv")) {
            return CSV;
        }
        throw new UnprocessableException("format: must be json or csv");
    }
}
