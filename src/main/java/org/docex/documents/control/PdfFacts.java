package org.docex.documents.control;

import java.time.Instant;

/** What inspecting a PDF found out: page count, version and the info dictionary. Absent values are null. */
public record PdfFacts(int pageCount, String pdfVersion, String title, String author, String subject, String keywords,
                       String creator, String producer, Instant created, Instant modified,
                       boolean encrypted, boolean hasForms) {
}
