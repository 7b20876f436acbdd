package org.docex.extraction.control.einvoice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Test;

/** XRechnung's national rules: the real XRechnung samples pass them, an invoice that leaves out what they ask for fails. */
class XRechnungRulesTest {

    private static final Logger LOG = Logger.getLogger(XRechnungRulesTest.class.getName());
    private static final List<String> RULES = List.of("BR-DE-1", "BR-DE-2", "BR-DE-3", "BR-DE-4", "BR-DE-5", "BR-DE-6", "BR-DE-7",
            "BR-DE-8", "BR-DE-9", "BR-DE-14", "BR-DE-15", "BR-DE-16", "BR-DE-17", "BR-DE-21");

    /** The German sample suite's XRechnung invoices, CII and UBL, plain and in PDFs: every national rule holds. */
    @Test
    void theRealXRechnungSamplesPassEveryNationalRule() throws Exception {
        assumeTrue(RealWorldSet.available(), "no development set");
        List<Path> files = RealWorldSet.plainXmlFiles();
        Map<String, Map<String, Integer>> statuses = new TreeMap<>();
        List<String> failed = new ArrayList<>();
        int held = 0;
        for (Path file : files) {
            InvoiceXml.Invoice invoice = InvoiceXml.read(file.getFileName().toString(), Files.readAllBytes(file)).orElseThrow();
            List<Check> checks = XRechnungRules.check(invoice);
            if (XRechnungRules.applies(invoice)) {
                held++;
                List<String> names = checks.stream().map(Check::name).toList();
                assertTrue(names.containsAll(RULES), file + ": " + names);
            } else {
                assertTrue(checks.isEmpty(), file + " does not claim XRechnung: " + checks);
            }
            for (Check check : checks) {
                statuses.computeIfAbsent(check.name(), name -> new TreeMap<>()).merge(check.status(), 1, Integer::sum);
                if (!check.status().equals(Check.OK)) {
                    failed.add(file.getFileName() + " " + check.name() + ": " + check.detail());
                }
            }
        }
        LOG.info("XRechnung rules on " + files.size() + " sample invoices (" + held + " claiming XRechnung): " + statuses);
        assertEquals(8, held);
        assertEquals(List.of(), failed);
    }

    @Test
    void anXRechnungThatLeavesOutWhatGermanyAsksForFailsTheRulesItBreaks() throws Exception {
        assumeTrue(RealWorldSet.available(), "no development set");
        String cii = Files.readString(RealWorldSet.DIRECTORY.resolve("xml/cii-XRECHNUNG_Einfach.cii.xml"), StandardCharsets.UTF_8);
        Map<String, Check> ok = checks(cii);
        RULES.forEach(rule -> assertEquals(Check.OK, ok.get(rule).status(), rule + ": " + ok.get(rule)));

        Map<String, Check> broken = checks(cii.replaceAll("(?s)<ram:BuyerReference>.*?</ram:BuyerReference>", "")
                .replaceAll("(?s)<ram:EmailURIUniversalCommunication>.*?</ram:EmailURIUniversalCommunication>", "")
                .replaceAll("(?s)(<ram:IBANID>DE)(\\d)", "$19")
                .replace("<ram:TypeCode>380</ram:TypeCode>", "<ram:TypeCode>393</ram:TypeCode>")
                .replace("xrechnung_3.0", "xrechnung-3"));
        assertEquals("the buyer reference (BT-10) is missing", broken.get("BR-DE-15").detail());
        assertEquals(Check.MISMATCH, broken.get("BR-DE-15").status());
        assertEquals("the seller's contact e-mail address (BT-43) is missing", broken.get("BR-DE-7").detail());
        assertEquals(Check.MISMATCH, broken.get("BR-DE-19").status(), broken.get("BR-DE-19").detail());
        assertTrue(broken.get("BR-DE-19").detail().startsWith("a SEPA credit transfer (code 58) should name a valid IBAN, not \"DE9"),
                broken.get("BR-DE-19").detail());
        assertEquals("type code \"393\" should be one XRechnung allows (326, 380, 384, 389, 381, 875, 876, 877)",
                broken.get("BR-DE-17").detail());
        assertEquals(Check.MISMATCH, broken.get("BR-DE-21").status());
        assertEquals(Check.OK, broken.get("BR-DE-3").status());
    }

    @Test
    void theGeneratedXRechnungUblPassesEveryNationalRule() throws Exception {
        Map<String, Check> checks = checks(new String(EInvoicePdfs.ubl(EInvoicePdfs.sample()), StandardCharsets.UTF_8));
        RULES.forEach(rule -> assertEquals(Check.OK, checks.get(rule).status(), rule + ": " + checks.get(rule)));
        assertEquals("the account of each SEPA credit transfer is a valid IBAN", checks.get("BR-DE-19").detail());
        // XRechnung 2's identifier, as the sample suite's hybrid PDFs still carry it.
        assertEquals(Check.OK, checks(new String(EInvoicePdfs.ubl(EInvoicePdfs.sample()), StandardCharsets.UTF_8).replace(
                "urn:xeinkauf.de:kosit:xrechnung_3.0", "urn:xoev-de:kosit:standard:xrechnung_2.1")).get("BR-DE-21").status());
    }

    @Test
    void anInvoiceNotClaimingXRechnungIsNotHeldToItsRules() throws Exception {
        assertTrue(XRechnungRules.check(InvoiceXml.read("factur-x.xml", EInvoicePdfs.cii(EInvoicePdfs.sample())).orElseThrow()).isEmpty());
    }

    private static Map<String, Check> checks(String xml) throws Exception {
        return XRechnungRules.check(InvoiceXml.read("invoice.xml", xml.getBytes(StandardCharsets.UTF_8)).orElseThrow()).stream()
                .collect(Collectors.toMap(Check::name, check -> check, (a, b) -> a, TreeMap::new));
    }
}
