package org.docex.documents.control;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;

/** Opens stored PDFs the one way the service does: read from the file, buffers for new streams on disk with a bound. */
final class PdfOpener {

    // Streams PDFBox decodes while working (object streams, content) stay in the heap up to a
    // small budget per open document, then go to a temp file: four 50 MiB uploads at once fit a
    // 256 MiB heap, and the common small stream never touches the disk.
    private static final long MAX_HEAP_BYTES = 8L * 1024 * 1024;
    private static final long MAX_SCRATCH_BYTES = 512L * 1024 * 1024;

    private PdfOpener() {
    }

    static PDDocument open(Path file) throws IOException {
        return Loader.loadPDF(file.toFile(), MemoryUsageSetting.setupMixed(MAX_HEAP_BYTES, MAX_SCRATCH_BYTES).streamCache);
    }
}
