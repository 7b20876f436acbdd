package org.docex.documents.control;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/** The odd and hostile sample PDFs kept in test resources, and small PDFs built on the spot. */
final class SamplePdfs {

    private SamplePdfs() {
    }

    static Path sample(String name) {
        try {
            return Path.of(SamplePdfs.class.getResource("/pdfs/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("Missing test PDF " + name, e);
        }
    }

    static Path blankPages(Path directory, PDRectangle size, int pages) throws IOException {
        try (PDDocument document = new PDDocument()) {
            for (int i = 0; i < pages; i++) {
                document.addPage(new PDPage(size));
            }
            Path file = directory.resolve("blank-" + pages + ".pdf");
            document.save(file.toFile());
            return file;
        }
    }
}
