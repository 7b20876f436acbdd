package org.docex.vendors.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.values.DateOrder;
import org.junit.jupiter.api.Test;

/** What committed reviews teach a vendor's rules, on invoices written as lines of text. */
class LessonsTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    /** An invoice of one vendor's layout: each line 14 points below the one before. */
    private static DocumentLines invoice(String... lines) {
        List<LineOnPage> placed = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            placed.add(new LineOnPage(1, lines[i], new BoundingBox(50, 100 + 14 * i, 50 + 6 * lines[i].length(), 110 + 14 * i),
                    595, 842));
        }
        return new DocumentLines(placed, DateOrder.DAY_FIRST);
    }

    private static DocumentLines numbered(String number, String date, String total, String costCentre) {
        return invoice("Lieferant GmbH", "Rechnungsnummer: " + number + "   Datum: " + date,
                "Kostenstelle: " + costCentre, "Gesamtbetrag EUR " + total);
    }

    private static Map<String, LearnedRule> learn(Map<String, LearnedRule> rules, Map<String, String> committed,
                                                  DocumentLines document) {
        return Lessons.learn(rules, committed, Map.of(), document, UUID.randomUUID(), NOW);
    }

    private static Map<String, String> read(Map<String, LearnedRule> rules, DocumentLines document) {
        Map<String, String> read = new LinkedHashMap<>();
        for (ExtractedField field : VendorMemory.read(rules, document)) {
            read.put(field.name(), field.value());
        }
        return read;
    }

    @Test
    void theFirstCommitTeachesTheTemplatesFieldsForTheNextInvoice() {
        Map<String, LearnedRule> rules = learn(Map.of(), Map.of("invoice_number", "RE-1001", "invoice_date", "2026-03-05",
                "total_amount", "1234.50", "vendor_name", "Lieferant GmbH"), numbered("RE-1001", "05.03.2026", "1.234,50", "A1"));
        assertEquals(FieldRule.Relation.RIGHT, rules.get("invoice_number").rule().relation());
        assertEquals("rechnungsnummer", rules.get("invoice_number").rule().anchor());
        assertEquals(FieldRule.Relation.LITERAL, rules.get("vendor_name").rule().relation());

        assertEquals(Map.of("invoice_number", "RE-1002", "invoice_date", "2026-04-01", "total_amount", "99.00",
                "vendor_name", "Lieferant GmbH"), read(rules, numbered("RE-1002", "01.04.2026", "99,00", "A1")));
        // A document without the labels or the name: nothing is made up.
        assertEquals(Map.of(), read(rules, invoice("Another Company Ltd", "Invoice no 7", "Total 12.00")));
    }

    @Test
    void aFieldReviewersAddIsReadFromTheThirdInvoiceThatHasIt() {
        Map<String, LearnedRule> rules = learn(Map.of(), Map.of("cost_centre", "KST-4711"),
                numbered("1", "05.03.2026", "10,00", "KST-4711"));
        assertTrue(rules.get("cost_centre").addedByReviewer());
        DocumentLines second = numbered("2", "06.03.2026", "11,00", "KST-4712");
        assertFalse(read(rules, second).containsKey("cost_centre"), "one review is not enough for an added field");
        rules = learn(rules, Map.of("cost_centre", "KST-4712"), second);
        assertEquals(1, rules.get("cost_centre").confirmed());
        assertEquals("KST-4713", read(rules, numbered("3", "07.03.2026", "12,00", "KST-4713")).get("cost_centre"));
    }

    @Test
    void aCorrectedRuleIsReplacedAndOneThatKeepsFailingIsDropped() {
        // Both places hold the same amount on the first invoice; the second tells them apart.
        Map<String, LearnedRule> rules = learn(Map.of(), Map.of("total_amount", "50.00"),
                invoice("Zwischensumme 50,00", "Zahlbetrag 50,00"));
        assertEquals("zahlbetrag", rules.get("total_amount").rule().anchor());
        UUID first = rules.get("total_amount").learnedFrom();
        rules = learn(rules, Map.of("total_amount", "80.00"), invoice("Bruttosumme 80,00", "Anzahlung 30,00", "Zahlbetrag 50,00"));
        LearnedRule replaced = rules.get("total_amount");
        assertEquals("bruttosumme", replaced.rule().anchor());
        assertEquals(1, replaced.corrected());
        assertTrue(!replaced.learnedFrom().equals(first), "the rule now comes from the correcting review");

        // The reviewer removes a field the rule keeps reading: three times, and it is gone.
        DocumentLines withTotal = invoice("Bruttosumme 70,00");
        for (int i = 1; i <= 3; i++) {
            rules = learn(rules, Map.of("invoice_number", "X" + i), withTotal);
            assertEquals(i < 3, rules.containsKey("total_amount"), "after " + i + " failure(s)");
        }
    }

    @Test
    void identifiersAreLookedForOnTheFirstTwoPagesAndTheLast() {
        List<LineOnPage> lines = new ArrayList<>();
        for (int page = 1; page <= 5; page++) {
            lines.add(new LineOnPage(page, "Page " + page + " VAT DE" + page + "00000001", new BoundingBox(50, 100, 300, 110),
                    595, 842));
        }
        VendorIdentity.Candidates found = VendorIdentity.inDocument(new DocumentLines(lines, DateOrder.DAY_FIRST),
                Optional.empty());
        assertTrue(found.numbers().containsAll(List.of("DE100000001", "DE200000001", "DE500000001")), found.toString());
        assertFalse(found.numbers().contains("DE300000001") || found.numbers().contains("DE400000001"), found.toString());
    }

    @Test
    void aVendorIsKnownByItsVatIdIbanDomainAndNameAsThePageWritesThem() {
        List<Identifier> committed = VendorIdentity.ofCommitted(Map.of("vendor_vat_id", "DE 123 456 789",
                "iban", "DE89 3704 0044 0532 0130 00", "vendor_email", "billing@lieferant.example",
                "vendor_name", "Lieferant GmbH"));
        assertEquals(List.of(new Identifier("vat_id", "DE123456789"), new Identifier("iban", "DE89370400440532013000"),
                new Identifier("domain", "lieferant.example"), new Identifier("name", "lieferant gmbh")), committed);

        VendorIdentity.Candidates page = VendorIdentity.inDocument(invoice("USt-IdNr.:DE 123 456 789",
                "IBAN DE89 3704 0044 0532 0130 00", "www.lieferant.example  kontakt@gmail.com"), Optional.of("Lieferant GmbH"));
        assertTrue(page.numbers().contains("DE123456789"), page.toString());
        assertTrue(page.numbers().contains("DE89370400440532013000"), page.toString());
        assertEquals(java.util.Set.of("lieferant.example"), page.domains(), "a web-mail domain names no vendor");
        assertEquals(Optional.of("lieferant gmbh"), page.name());
        assertTrue(VendorIdentity.identifiesOne(committed));
        assertFalse(VendorIdentity.identifiesOne(VendorIdentity.ofCommitted(Map.of("vendor_name", "ACME Supplies GmbH"))),
                "a name alone keeps no memory: two companies may share it");
    }
}
