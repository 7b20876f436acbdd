package org.docex.documents.control;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * Opens stored PDFs the one way the service does, for uploads, renders and extractions alike,
 * within a memory budget: read from the file (never a byte array); streams PDFBox decodes while
 * working stay in the heap up to a budget per open document, then go to a temporary file of
 * bounded size.
 */
public final class MemoryBoundedPdfOpener {

    /** The upload's and the render's budget: four 50 MiB uploads at once fit a 256 MiB heap. */
    private static final long UPLOAD_HEAP_BYTES = 8L * 1024 * 1024;
    private static final long MAX_SCRATCH_BYTES = 512L * 1024 * 1024;

    private MemoryBoundedPdfOpener() {
    }

    static PDDocument open(Path file) throws IOException {
        return open(file, UPLOAD_HEAP_BYTES);
    }

    public static PDDocument open(Path file, long maxHeapBytes) throws IOException {
        // As Loader.loadPDF(File, ...) does, with the parser that shares its key table (see KeySharingPdfParser).
        RandomAccessReadBufferedFile source = new RandomAccessReadBufferedFile(file.toFile());
        try {
            return new KeySharingPdfParser(source, MemoryUsageSetting.setupMixed(maxHeapBytes, MAX_SCRATCH_BYTES).streamCache).parse();
        } catch (IOException | RuntimeException | Error e) {
            IOUtils.closeQuietly(source);
            throw e;
        }
    }
}
