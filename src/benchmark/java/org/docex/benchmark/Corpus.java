package org.docex.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.build.GeneratedReports;

/** The PDFs a benchmark run uses: a directory's, or a generated set of multi-page text PDFs. */
record Corpus(List<Path> files, long pages) {

    static final int GENERATED_DOCUMENTS = 240;

    /** Every readable, unencrypted PDF under {@code directory} within the upload limit. */
    static Corpus from(Path directory, long maxBytes) throws IOException {
        List<Path> files = new ArrayList<>();
        long pages = 0;
        try (Stream<Path> found = Files.walk(directory)) {
            for (Path file : found.filter(p -> p.toString().toLowerCase().endsWith(".pdf")).sorted().toList()) {
                int count = pageCount(file, maxBytes);
                if (count > 0) {
                    files.add(file);
                    pages += count;
                }
            }
        }
        return new Corpus(files, pages);
    }

    /**
     * A few hundred reports of 1 to 20 full A4 pages (40 lines of prose each, with a heading and
     * labelled values such as an invoice carries), written to {@code directory}. Same seed, same
     * files, so runs compare; the build's training run extracts others (see {@link GeneratedReports}).
     */
    static Corpus generate(Path directory) throws IOException {
        GeneratedReports.Written written = GeneratedReports.write(directory, "report", 0, GENERATED_DOCUMENTS, 20);
        return new Corpus(written.files(), written.pages());
    }

    Corpus first(int count) {
        return new Corpus(files.subList(0, Math.min(count, files.size())), 0);
    }

    private static int pageCount(Path file, long maxBytes) {
        try {
            if (Files.size(file) > maxBytes) {
                return 0;
            }
            try (PDDocument document = Loader.loadPDF(file.toFile())) {
                return document.isEncrypted() ? 0 : document.getNumberOfPages();
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
