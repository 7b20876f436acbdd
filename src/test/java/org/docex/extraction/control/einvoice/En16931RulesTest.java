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

/** EN 16931's rules on e-invoice XML: the real sample suite passes them, broken invoices fail the rule they break. */
class En16931RulesTest {

    private static final Logger LOG = Logger.getLogger(En16931RulesTest.class.getName());

    @Test
    void theSampleInvoicesInBothSyntaxesPassEveryRule() throws Exception {
        for (byte[] xml : List.of(EInvoicePdfs.cii(EInvoicePdfs.sample()), EInvoicePdfs.ubl(EInvoicePdfs.sample()))) {
            Map<String, Check> checks = checks(xml);
            for (String rule : List.of("BR-02", "BR-03", "BR-05", "BR-06", "BR-07", "BR-12", "BR-13", "BR-14", "BR-15", "BR-16",
                    "BR-CO-10", "BR-CO-14", "BR-CO-15", "BR-CO-16", "BR-CO-17", "BR-CL-04", "BR-CL-17")) {
                assertEquals(Check.OK, checks.get(rule) == null ? null : checks.get(rule).status(), rule + ": " + checks);
            }
            assertEquals("total with VAT (BT-112) 1345.89 = total without VAT 1131.00 + VAT 214.89", checks.get("BR-CO-15").detail());
            assertEquals(List.of(), checks.values().stream().filter(check -> !check.status().equals(Check.OK)).toList());
        }
    }

    @Test
    void anInvoiceWhoseAmountsDoNotAddUpFailsTheRulesItBreaks() throws Exception {
        String cii = new String(EInvoicePdfs.cii(EInvoicePdfs.sample()), StandardCharsets.UTF_8);
        Map<String, Check> grand = checks(cii.replace("<ram:GrandTotalAmount>1345.89<", "<ram:GrandTotalAmount>1354.89<"));
        assertEquals(Check.MISMATCH, grand.get("BR-CO-15").status());
        assertEquals("total with VAT (BT-112) 1354.89 is not total without VAT 1131.00 + VAT 214.89 = 1345.89",
                grand.get("BR-CO-15").detail());
        assertEquals(Check.OK, grand.get("BR-CO-10").status());

        Map<String, Check> line = checks(cii.replace("<ram:LineTotalAmount>171.00<", "<ram:LineTotalAmount>170.00<"));
        assertEquals(Check.MISMATCH, line.get("BR-CO-10").status(), line.toString());
        assertEquals("sum of the lines' net amounts (BT-106) 1131.00 is not the lines' 3 net amounts = 1130.00",
                line.get("BR-CO-10").detail());

        Map<String, Check> tax = checks(cii.replace("<ram:CalculatedAmount>214.89<", "<ram:CalculatedAmount>241.89<"));
        assertEquals(Check.MISMATCH, tax.get("BR-CO-14").status());
        assertEquals(Check.MISMATCH, tax.get("BR-CO-17").status());
        assertEquals("VAT category tax not its taxable amount times its rate: S 19%: 1131.00 x 19% = 214.89, stated 241.89",
                tax.get("BR-CO-17").detail());
    }

    @Test
    void missingElementsAndUnknownCodesFailTheirRules() throws Exception {
        String ubl = new String(EInvoicePdfs.ubl(EInvoicePdfs.sample()), StandardCharsets.UTF_8);
        Map<String, Check> checks = checks(ubl.replaceAll("(?s)<cac:AccountingCustomerParty>.*?</cac:AccountingCustomerParty>", "")
                .replace("<cbc:DocumentCurrencyCode>EUR<", "<cbc:DocumentCurrencyCode>EURO<")
                .replace("<cac:TaxCategory><cbc:ID>S<", "<cac:TaxCategory><cbc:ID>X<"));
        assertEquals("the buyer's name (BT-44) is missing", checks.get("BR-07").detail());
        assertEquals(Check.MISMATCH, checks.get("BR-07").status());
        assertEquals("currency \"EURO\" is not an ISO 4217 code", checks.get("BR-CL-04").detail());
        assertEquals("VAT category codes not allowed: \"X\"", checks.get("BR-CL-17").detail());
        assertEquals("the buyer's postal address (BG-8) is missing", checks.get("BR-10").detail());

        Map<String, Check> codes = checks(ubl.replace("<cbc:IdentificationCode>DE</cbc:IdentificationCode>", "<cbc:IdentificationCode>GER</cbc:IdentificationCode>")
                .replace("unitCode=\"C62\"", "unitCode=\"PCS\"")
                .replace("<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>381<")
                .replaceFirst("<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>", "<cac:ClassifiedTaxCategory>"));
        assertEquals("country codes not in ISO 3166-1 alpha-2: \"GER\", \"GER\"", codes.get("BR-CL-14").detail());
        assertEquals("unit codes not in UN/ECE Recommendations 20 and 21: \"PCS\"", codes.get("BR-CL-23").detail());
        assertEquals("type code \"381\" is not one EN 16931 allows for an invoice (UNTDID 1001 subset)", codes.get("BR-CL-01").detail());
        assertEquals("1 of 3 lines lack their VAT category (BT-151)", codes.get("BR-CO-04").detail());

        Map<String, Check> bare = checks(ubl.replaceAll("(?s)<cac:PostalAddress>.*?</cac:PostalAddress>", "")
                .replaceAll("(?s)<cac:TaxSubtotal>.*?</cac:TaxSubtotal>", "")
                .replaceAll("(?s)<cbc:CustomizationID>.*?</cbc:CustomizationID>", "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"));
        assertEquals(Check.MISMATCH, bare.get("BR-08").status());
        assertEquals(Check.MISMATCH, bare.get("BR-CO-18").status());
        assertEquals("a VAT breakdown (BG-23) is missing", bare.get("BR-CO-18").detail());
    }

    /** An invoice that does not claim EN 16931 (ZUGFeRD 1.0, Factur-X MINIMUM) is not held to it. */
    @Test
    void anInvoiceNotClaimingEn16931GetsNoRuleChecks() throws Exception {
        String cii = new String(EInvoicePdfs.cii(EInvoicePdfs.sample()), StandardCharsets.UTF_8);
        assertTrue(checks(cii.replace("urn:cen.eu:en16931:2017", "urn:factur-x.eu:1p0:minimum")).isEmpty());
    }

    /**
     * The German EN 16931 sample suite's plain invoices (CII and UBL): the valid ones pass every rule,
     * and the one the suite names as not validating fails the rules its amounts break.
     */
    @Test
    void theRealSampleSuitePassesEveryRule() throws Exception {
        assumeTrue(RealWorldSet.available(), "no development set");
        List<Path> files = RealWorldSet.plainXmlFiles();
        Map<String, Map<String, Integer>> statuses = new TreeMap<>();
        List<String> failed = new ArrayList<>();
        int held = 0;
        for (Path file : files) {
            InvoiceXml.Invoice invoice = InvoiceXml.read(file.getFileName().toString(), Files.readAllBytes(file)).orElseThrow();
            if (En16931Rules.applies(invoice)) {
                held++;
            }
            for (Check check : En16931Rules.check(invoice)) {
                statuses.computeIfAbsent(check.name(), name -> new TreeMap<>()).merge(check.status(), 1, Integer::sum);
                if (!check.status().equals(Check.OK)) {
                    failed.add(file.getFileName() + " " + check.name() + " " + check.status() + ": " + check.detail());
                }
            }
        }
        LOG.info("EN 16931 rules on " + files.size() + " sample invoices (" + held + " claiming EN 16931): " + statuses
                + "\n  " + String.join("\n  ", failed));
        assertTrue(held >= 50, held + " of " + files.size());
        assertEquals(List.of(
                "ubl-not_validating_full_invoice_based_onTest_EeISI_300_CENfullmodel.ubl.xml BR-CO-10 mismatch: sum of the lines'"
                        + " net amounts (BT-106) 200.00 is not the lines' 2 net amounts = 2000.00",
                "ubl-not_validating_full_invoice_based_onTest_EeISI_300_CENfullmodel.ubl.xml BR-CO-15 mismatch: total with VAT"
                        + " (BT-112) 205.00 is not total without VAT 200.00 + VAT 50.00 = 250.00"), failed);
    }

    private static Map<String, Check> checks(String xml) throws Exception {
        return checks(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, Check> checks(byte[] xml) throws Exception {
        return En16931Rules.check(InvoiceXml.read("factur-x.xml", xml).orElseThrow()).stream()
                .collect(Collectors.toMap(Check::name, check -> check, (a, b) -> a, TreeMap::new));
    }
}
