package org.docex.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.testing.Pdfs;

/** The PDFs a benchmark run uses: a directory's, or a generated set of multi-page text PDFs. */
record Corpus(List<Path> files, long pages) {

    static final int GENERATED_DOCUMENTS = 240;
    private static final int LINES_PER_PAGE = 40;
    private static final String[] WORDS = ("the service reads each invoice and contract before a reviewer commits what it "
            + "found quarterly revenue grew while costs for freight storage and insurance fell across most regions "
            + "payment terms remain thirty days net suppliers confirmed delivery dates orders shipped on schedule "
            + "customers in Berlin Munich Hamburg Vienna and Zurich renewed their agreements for another year the "
            + "board approved the budget audit findings were resolved without exception").split(" ");

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
     * files, so runs compare.
     */
    static Corpus generate(Path directory) throws IOException {
        return generate(directory, "report", 0, GENERATED_DOCUMENTS, 20);
    }

    /**
     * Reports of the same kind, but other ones than {@link #generate(Path)} writes (other numbers,
     * seeds and lengths, 1 to 12 pages): what the build's training run extracts, so that the
     * benchmark never measures the documents the cache was recorded on.
     */
    static Corpus training(Path directory, int count) throws IOException {
        return generate(directory, "training", 100_000, count, 12);
    }

    private static Corpus generate(Path directory, String name, int first, int count, int maxPages) throws IOException {
        Files.createDirectories(directory);
        List<Path> files = new ArrayList<>();
        long pages = 0;
        for (int i = first; i < first + count; i++) {
            int pageCount = 1 + (i * 7) % maxPages;
            Path file = directory.resolve(String.format("%s-%03d.pdf", name, i));
            if (!Files.exists(file)) {
                Files.write(file, Pdfs.withPages("Quarterly report " + i, reportPages(new Random(i), i, pageCount)));
            }
            files.add(file);
            pages += pageCount;
        }
        return new Corpus(files, pages);
    }

    private static String[][] reportPages(Random random, int document, int pageCount) {
        String[][] pages = new String[pageCount][];
        for (int p = 0; p < pageCount; p++) {
            List<String> lines = new ArrayList<>();
            lines.add("Quarterly report " + document + ", page " + (p + 1) + " of " + pageCount);
            lines.add("Invoice number: INV-" + (10000 + document * 31 + p));
            lines.add(String.format(Locale.ROOT, "Total: %d.%02d EUR", 100 + random.nextInt(90000), random.nextInt(100)));
            lines.add(String.format(Locale.ROOT, "Date: 2026-%02d-%02d", 1 + random.nextInt(12), 1 + random.nextInt(28)));
            while (lines.size() < LINES_PER_PAGE) {
                lines.add(sentence(random));
            }
            pages[p] = lines.toArray(String[]::new);
        }
        return pages;
    }

    private static String sentence(Random random) {
        StringBuilder line = new StringBuilder();
        while (line.length() < 70) {
            String word = WORDS[random.nextInt(WORDS.length)];
            line.append(line.isEmpty() ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word).append(' ');
        }
        return line.append(WORDS[random.nextInt(WORDS.length)]).append('.').toString();
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
