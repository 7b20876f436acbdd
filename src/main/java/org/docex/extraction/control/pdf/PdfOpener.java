package org.docex.extraction.control.pdf;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.docex.extraction.control.ExtractionFailedException;

/** Opens a PDF from its file (never from a byte array) with PDFBox's buffers bounded in the heap. */
public final class PdfOpener {

    private static final long MAX_SCRATCH_BYTES = 512L * 1024 * 1024;

    private PdfOpener() {
    }

    public static PDDocument open(Path pdf, long maxMainMemoryBytes) throws ExtractionFailedException {
        try {
            MemoryUsageSetting memory = MemoryUsageSetting.setupMixed(maxMainMemoryBytes, MAX_SCRATCH_BYTES);
            return Loader.loadPDF(pdf.toFile(), "", memory.streamCache);
        } catch (InvalidPasswordException e) {
            throw new ExtractionFailedException("The PDF is password-protected", e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw new ExtractionFailedException("The PDF could not be parsed: "
                    + ClientSafeMessage.of(e, "it is damaged or not a PDF"), e);
        }
    }
}
