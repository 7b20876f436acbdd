package org.docex.benchmark;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrReader;
import org.docex.extraction.control.ocr.Scans;
import org.docex.extraction.control.realworld.FieldScores;
import org.docex.extraction.control.realworld.RealWorldSet;

/**
 * The invoice template on real invoices: accuracy by field and by language, how well confidence
 * predicts being right (of the fields reported with confidence 0.9 or more, the share right), and
 * the engine's CPU time per page on those PDFs (this thread's CPU, median of several rounds after
 * warm-up rounds, so that another tenant's load on the machine does not count); then the same sets
 * and the real scans read by OCR ({@code -Dbenchmark.scans=false} leaves them out).
 */
final class RealWorldAccuracy {

    private static final int WARM_UP_ROUNDS = 3;
    private static final int MEASURED_ROUNDS = 7;

    private RealWorldAccuracy() {
    }

    static void run(Path work) throws Exception {
        Benchmark.print("%n8. Real-world invoices (invoice template)");
        Path printed = Files.createDirectories(work.resolve("realworld-printed"));
        List<Path> files = new ArrayList<>();
        if (RealWorldSet.available()) {
            List<RealWorldSet.Invoice> hybrid = RealWorldSet.hybridPdfs();
            List<RealWorldSet.Invoice> pagesOnly = new ArrayList<>();
            for (RealWorldSet.Invoice invoice : hybrid) {
                pagesOnly.add(new RealWorldSet.Invoice(RealWorldSet.printedOnly(invoice.file(), printed), invoice.language(),
                        invoice.expected()));
            }
            Benchmark.print("%s", score(pagesOnly).table("Printed pages of the " + hybrid.size()
                    + " German EN 16931 sample e-invoices, XML removed (" + RealWorldSet.DIRECTORY + ")"));
            pagesOnly.forEach(invoice -> files.add(invoice.file()));
        } else {
            Benchmark.print("No development set at %s", RealWorldSet.DIRECTORY.toAbsolutePath());
        }
        List<RealWorldSet.Invoice> others = RealWorldSet.otherCountries();
        Benchmark.print("%s", score(others).table("Sample invoices of other countries (" + others.size() + ", "
                + RealWorldSet.PROJECT_SET + ")"));
        others.forEach(invoice -> files.add(invoice.file()));
        List<RealWorldSet.Invoice> producers = new ArrayList<>();
        for (RealWorldSet.Invoice invoice : RealWorldSet.otherProducers()) {
            producers.add(invoice.in(RealWorldSet.printedOnly(invoice.file(), Files.createDirectories(printed.resolve(invoice.language())))));
        }
        Benchmark.print("%s", score(producers).table("Printed pages of other producers' e-invoices, XML removed ("
                + producers.size() + ", " + RealWorldSet.PROJECT_SET + "/hybrid)"));
        heldOut(printed, RealWorldSet.HELD_OUT, "Held-out");
        heldOut(printed, RealWorldSet.HELD_OUT_2, "Second held-out");
        heldOut(printed, RealWorldSet.MORE, "Further development set's");
        cpuPerPage(files);
        if (Boolean.parseBoolean(System.getProperty("benchmark.scans", "true"))) {
            scans(work, pagesOnlyOf(work, printed), others);
        }
    }

    /** The held-out set {@code set}, read as printed (an embedded XML removed), with its misses: an untuned measurement. */
    private static void heldOut(Path printed, String set, String name) throws Exception {
        List<RealWorldSet.Invoice> heldOut = new ArrayList<>();
        for (RealWorldSet.Invoice invoice : RealWorldSet.ofSet(set)) {
            Path dir = Files.createDirectories(printed.resolve(set).resolve(invoice.language()));
            heldOut.add(invoice.in(RealWorldSet.printedOnly(invoice.file(), dir)));
        }
        FieldScores scores = score(heldOut);
        Benchmark.print("%s", scores.table(name + " sample invoices, read as printed (" + heldOut.size() + ", "
                + RealWorldSet.PROJECT_SET.resolve(set) + ")"));
        Benchmark.print("%s misses:%n  %s", name, String.join(String.format("%n  "), scores.misses()));
    }

    private static List<RealWorldSet.Invoice> pagesOnlyOf(Path work, Path printed) throws Exception {
        List<RealWorldSet.Invoice> pagesOnly = new ArrayList<>();
        if (RealWorldSet.available()) {
            for (RealWorldSet.Invoice invoice : RealWorldSet.hybridPdfs()) {
                pagesOnly.add(new RealWorldSet.Invoice(printed.resolve(invoice.file().getFileName()), invoice.language(),
                        invoice.expected()));
            }
        }
        return pagesOnly;
    }

    /** Both sets printed and scanned (200 dpi, noise, a slight skew), read by OCR with the server's default languages. */
    private static void scans(Path work, List<RealWorldSet.Invoice> german, List<RealWorldSet.Invoice> others) throws Exception {
        OcrReader ocr;
        try {
            ocr = OcrFixtures.reader();
        } catch (RuntimeException e) {
            Benchmark.print("Scans not read: no OCR engine here (%s)", e.getMessage());
            return;
        }
        Path scans = Files.createDirectories(work.resolve("realworld-scans"));
        List<RealWorldSet.Invoice> real = RealWorldSet.scans(scans);
        Benchmark.print("%s", score(real, new DocumentExtractor(ExtractionLimits.defaults(), ocr)).table(
                "Real scans and photos of invoices and receipts (" + real.size() + ", " + RealWorldSet.PROJECT_SET + "/scans)"));
        List<RealWorldSet.Invoice> bills = RealWorldSet.ofSet(RealWorldSet.TRAVEL);
        Benchmark.print("%s", score(bills, new DocumentExtractor(ExtractionLimits.defaults(), ocr)).table(
                "Scanned bills of real vendors (" + bills.size() + ", " + RealWorldSet.PROJECT_SET.resolve(RealWorldSet.TRAVEL) + ")"));
        for (List<RealWorldSet.Invoice> set : List.of(german, others)) {
            if (set.isEmpty()) {
                continue;
            }
            List<RealWorldSet.Invoice> scanned = new ArrayList<>();
            for (int i = 0; i < set.size(); i++) {
                RealWorldSet.Invoice invoice = set.get(i);
                Path scan = Scans.scan(invoice.file(), scans.resolve(invoice.language() + "-" + i + ".pdf"),
                        (i % 2 == 0 ? 1 : -1) * (0.2 + 0.15 * (i % 4)), i);
                scanned.add(new RealWorldSet.Invoice(scan, invoice.language(), invoice.expected()));
            }
            Benchmark.print("%s", score(scanned, new DocumentExtractor(ExtractionLimits.defaults(), ocr)).table(
                    "The same " + set.size() + " invoices scanned (200 dpi, noise, skew), read by OCR"));
        }
    }

    private static FieldScores score(List<RealWorldSet.Invoice> invoices) throws Exception {
        return score(invoices, new DocumentExtractor(ExtractionLimits.defaults()));
    }

    private static FieldScores score(List<RealWorldSet.Invoice> invoices, DocumentExtractor extractor) throws Exception {
        FieldScores scores = new FieldScores();
        for (RealWorldSet.Invoice invoice : invoices) {
            ExtractionResult result = extractor.extract(invoice.file(), Template.INVOICE, List.of(), ProgressListener.NONE);
            Map<String, ExtractedField> found = new LinkedHashMap<>();
            result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE)
                            || field.source().equals(ExtractedField.EMBEDDED_XML))
                    .forEach(field -> found.putIfAbsent(field.name(), field));
            scores.count(invoice.id(), invoice.language(), invoice.expected(), found);
        }
        return scores;
    }

    /** The engine's CPU per page with the invoice template on {@code files}, this thread alone. */
    private static void cpuPerPage(List<Path> files) throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Double> perPage = new ArrayList<>();
        for (int round = 0; round < WARM_UP_ROUNDS + MEASURED_ROUNDS; round++) {
            long pages = 0;
            long before = threads.getCurrentThreadCpuTime();
            for (Path file : files) {
                pages += extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE).pages().size();
            }
            double millis = (threads.getCurrentThreadCpuTime() - before) / 1e6;
            if (round >= WARM_UP_ROUNDS) {
                perPage.add(millis / Math.max(1, pages));
            }
        }
        perPage.sort(Comparator.naturalOrder());
        Benchmark.print("Engine CPU per page on these %d PDFs (invoice template, one thread): median %.2f ms "
                + "(rounds %.2f-%.2f ms, %d measured after %d warm-up)", files.size(), Benchmark.median(perPage,
                Comparator.naturalOrder()), perPage.get(0), perPage.get(perPage.size() - 1), MEASURED_ROUNDS, WARM_UP_ROUNDS);
    }
}
