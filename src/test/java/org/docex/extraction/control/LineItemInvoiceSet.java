package org.docex.extraction.control;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.docex.extraction.control.InvoiceSpec.Item;
import org.docex.extraction.control.InvoiceSpec.Language;

/**
 * A fixed set of invoices with real items tables: English and German alternating, ruled and
 * unruled in pairs (so every language comes both ways), 2 to 30 lines (four tables run onto a
 * second page), quantities 1 to 50 (some halves), unit prices 0.50 to 2,500.00, the number, date and
 * layout choices of {@link InvoiceSet}. Seeded, so every run draws the same invoices.
 */
final class LineItemInvoiceSet {

    static final int SIZE = 40;

    /** Lines per invoice; 28 (German, unruled), 30 (English, unruled), 27 (English, ruled), 29 (German, ruled) take two pages. */
    private static final int[] LINES = {2, 3, 5, 4, 8, 6, 12, 28, 7, 10, 2, 15, 9, 18, 30, 11, 3, 20, 6, 13,
        23, 5, 16, 9, 27, 4, 21, 14, 8, 19, 2, 12, 22, 29, 7, 17, 10, 3, 15, 6};

    private static final List<String> ENGLISH_ITEMS = List.of("Consulting services", "Software licence (annual)",
            "USB-C cable 2m", "Office chair, ergonomic", "Laptop stand", "On-site support", "Web hosting - Business plan",
            "Printer toner HP 85A", "Project management", "A4 copy paper, 500 sheets", "Wireless mouse M185",
            "Training workshop (1 day)", "Cloud storage 1 TB", "Monitor 27\" 4K", "Network switch 24-port",
            "Installation & setup", "Travel expenses", "Design review", "SSD 512 GB", "Maintenance contract Q3");
    private static final List<String> GERMAN_ITEMS = List.of("Beratungsleistung", "Softwarelizenz (jährlich)",
            "Papier A4, 80 g", "USB-C Kabel 2 m", "Bürostuhl, ergonomisch", "Vor-Ort-Service", "Druckerpatrone schwarz",
            "Projektleitung", "Schulung Excel (1 Tag)", "Webhosting Paket M", "Montage & Inbetriebnahme", "Reisekosten",
            "Kopierpapier 500 Blatt", "Funkmaus M185", "Netzwerkkabel Cat. 6, 5 m", "Monitor 27 Zoll",
            "Wartungsvertrag Q3/2026", "Fahrtkosten pauschal", "Kaffeebohnen 1 kg", "Ordner DIN A4, breit");

    private LineItemInvoiceSet() {
    }

    static List<InvoiceSpec> all() {
        Random random = new Random(20261205L);
        List<InvoiceSpec> specs = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            InvoiceSpec spec = InvoiceSet.invoice(i, random, "items");
            List<String> pool = spec.language() == Language.EN ? ENGLISH_ITEMS : GERMAN_ITEMS;
            specs.add(spec.withItems(items(LINES[i], pool, random), (i / 2) % 2 == 0));
        }
        return specs;
    }

    /** {@code count} lines with descriptions from the pool, shuffled, repeating only past the pool's size. */
    private static List<Item> items(int count, List<String> pool, Random random) {
        List<String> descriptions = new ArrayList<>(pool);
        Collections.shuffle(descriptions, random);
        List<Item> items = new ArrayList<>();
        for (int line = 0; line < count; line++) {
            items.add(Item.of(descriptions.get(line % descriptions.size()), quantity(random), unitPrice(random)));
        }
        return items;
    }

    /** 1 to 50, small counts more often, one in six with a half. */
    private static BigDecimal quantity(Random random) {
        int whole = 1 + random.nextInt(random.nextBoolean() ? 5 : 50);
        boolean half = random.nextInt(6) == 0;
        return half ? BigDecimal.valueOf(Math.min(whole, 49)).add(new BigDecimal("0.5")) : BigDecimal.valueOf(whole);
    }

    /** 0.50 to 2,500.00 in cents, spread over four orders of magnitude. */
    private static BigDecimal unitPrice(Random random) {
        long cents = switch (random.nextInt(4)) {
            case 0 -> 50 + random.nextInt(950);
            case 1 -> 1_000 + random.nextInt(9_000);
            case 2 -> 10_000 + random.nextInt(90_000);
            default -> 100_000 + random.nextInt(150_001);
        };
        return BigDecimal.valueOf(cents, 2);
    }
}
