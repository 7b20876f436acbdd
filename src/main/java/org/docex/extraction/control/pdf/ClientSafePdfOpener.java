package org.docex.extraction.control.pdf;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.docex.documents.control.MemoryBoundedPdfOpener;
import org.docex.extraction.control.ExtractionFailedException;

/**
 * Opens a PDF for extraction as the service opens every stored PDF ({@link MemoryBoundedPdfOpener}),
 * and turns what stopped it into an {@link ExtractionFailedException} in words a client may read.
 */
public final class ClientSafePdfOpener {

    private ClientSafePdfOpener() {
    }

    public static PDDocument open(Path pdf, long maxMainMemoryBytes) throws ExtractionFailedException {
        try {
            return MemoryBoundedPdfOpener.open(pdf, maxMainMemoryBytes);
        } catch (InvalidPasswordException e) {
            throw new ExtractionFailedException("The PDF is password-protected", e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw new ExtractionFailedException("The PDF could not be parsed: "
                    + ClientSafeMessage.of(e, "it is damaged or not a PDF"), e);
        }
    }
}
