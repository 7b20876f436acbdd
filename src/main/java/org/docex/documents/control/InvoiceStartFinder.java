package org.docex.documents.control;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a new invoice seems to start within parts of a PDF: what a batch's split proposals are made of. The extraction
 * component implements it (it reads invoices); the documents component only asks, so the dependency keeps pointing
 * from extraction to documents.
 */
public interface InvoiceStartFinder {

    /**
     * For each of {@code parts} of {@code pdf}, the pages (numbered in the PDF) after the part's first at which a new
     * invoice seems to start, in order; an empty list where the part seems to be one invoice.
     */
    List<List<Integer>> starts(Path pdf, List<BatchSplitter.Pages> parts) throws IOException;
}
