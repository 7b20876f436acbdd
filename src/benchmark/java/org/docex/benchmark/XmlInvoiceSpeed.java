package org.docex.benchmark;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.einvoice.XmlInvoiceRendering;

/**
 * A plain XML e-invoice of 100 lines made into pages and extracted with the invoice template, as an
 * upload and its extraction do it: the CPU time of the first one in a fresh JVM (class loading and
 * the interpreter included, the JIT's and collector's threads too: the process's CPU) and, warmed up,
 * per invoice (this thread's CPU, median of several rounds). The target is under a second of CPU.
 */
final class XmlInvoiceSpeed {

    private static final int LINES = 100;
    private static final int WARM_UP = 30;
    private static final int ROUNDS = 5;
    private static final int PER_ROUND = 10;

    private XmlInvoiceSpeed() {
    }

    static void run(Path work) throws Exception {
        byte[] xml = EInvoicePdfs.cii(hundredLines());
        XmlInvoiceRendering rendering = new XmlInvoiceRendering();
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        Path pdf = work.resolve("xml-invoice.pdf");
        Files.createDirectories(work);
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long processBefore = os.getProcessCpuTime();
        ExtractionResult first = once(rendering, extractor, xml, pdf);
        double firstSeconds = (os.getProcessCpuTime() - processBefore) / 1e9;
        long lines = first.fields().stream().filter(field -> field.name().endsWith(".amount")).count();
        for (int i = 0; i < WARM_UP; i++) {
            once(rendering, extractor, xml, pdf);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Double> rounds = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            long before = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < PER_ROUND; i++) {
                once(rendering, extractor, xml, pdf);
            }
            rounds.add((threads.getCurrentThreadCpuTime() - before) / 1e9 / PER_ROUND);
        }
        Benchmark.print("XML e-invoice of %d lines (%d KB, %d line amounts read, %d page(s)): rendered and extracted in %.3f s of"
                        + " process CPU the first time in this JVM, %.4f s of thread CPU warm (median of %d rounds of %d; target < 1 s)",
                LINES, xml.length / 1024, lines, first.pages().size(), firstSeconds,
                Benchmark.median(rounds, Comparator.naturalOrder()), ROUNDS, PER_ROUND);
    }

    private static ExtractionResult once(XmlInvoiceRendering rendering, DocumentExtractor extractor, byte[] xml, Path pdf)
            throws Exception {
        Files.write(pdf, rendering.render(xml).orElseThrow());
        return extractor.extract(pdf, Template.INVOICE, List.of(), ProgressListener.NONE);
    }

    private static EInvoicePdfs.Invoice hundredLines() {
        List<EInvoicePdfs.Line> lines = new ArrayList<>();
        for (int i = 1; i <= LINES; i++) {
            lines.add(new EInvoicePdfs.Line("Position " + i + " Wartung und Ersatzteile", "2", "5.00", "10.00", "19"));
        }
        BigDecimal net = new BigDecimal("10.00").multiply(BigDecimal.valueOf(LINES));
        BigDecimal tax = net.multiply(new BigDecimal("0.19")).setScale(2);
        return new EInvoicePdfs.Invoice("RE-2026-0100", "2026-11-03", "2026-12-03", "Hafenkontor Hamburg GmbH", "DE123456789",
                "Müller Logistik AG", "PO-4711", "EUR", "DE89370400440532013000", lines, net.setScale(2).toPlainString(),
                tax.toPlainString(), "19", net.add(tax).setScale(2).toPlainString(), net.add(tax).setScale(2).toPlainString());
    }
}
