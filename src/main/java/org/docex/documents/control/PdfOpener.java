package org.docex.documents.control;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;

/** Opens stored PDFs the one way the service does: read from the file, buffers for new streams on disk with a bound. */
final class PdfOpener {

    // Streams PDFBox creates while working (decoded data, rewritten objects) go to a temp file, not the heap.
    private static final long MAX_SCRATCH_BYTES = 512L * 1024 * 1024;

    private PdfOpener() {
    }

    static PDDocument open(Path file) throws IOException {
        return Loader.loadPDF(file.toFile(), MemoryUsageSetting.setupTempFileOnly(MAX_SCRATCH_BYTES).streamCache);
    }
}
