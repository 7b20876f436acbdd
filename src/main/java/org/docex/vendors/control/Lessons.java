package org.docex.vendors.control;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.docex.extraction.control.invoice.InvoiceTemplate;
import org.docex.vendors.control.VendorRules.MachineReading;
import org.docex.vendors.control.VendorRules.Reading;

/**
 * What one committed review teaches a vendor's rules. For each committed field: a rule that read
 * the committed value is confirmed; one that read something else, or nothing, is replaced by the
 * rule this document teaches; a field without a rule gets one. A rule that read a field the
 * reviewer did not keep, or that cannot be learned again, fails; after {@value LearnedRule#MAX_FAILURES}
 * failures in a row it is dropped. What is learned: the invoice template's fields and the fields
 * reviewers add by hand; not line items (they differ from one invoice to the next), nor the
 * key-value pairs and form fields the extraction reads by their own labels anyway.
 */
public final class Lessons {

    private Lessons() {
    }

    /**
     * The vendor's rules after the review of {@code workflow}: {@code committed} are its committed
     * values, {@code machine} what the extraction read for each field it read.
     */
    public static Map<String, LearnedRule> learn(Map<String, LearnedRule> rules, Map<String, String> committed,
                                                 Map<String, MachineReading> machine, DocumentLines document,
                                                 UUID workflow, Instant now) {
        Map<String, LearnedRule> after = new LinkedHashMap<>(rules);
        committed.forEach((field, value) -> {
            if (!learnable(field, machine)) {
                return;
            }
            LearnedRule known = rules.get(field);
            Optional<MachineReading> read = Optional.ofNullable(machine.get(field));
            if (known == null) {
                VendorRules.learn(field, value, read, document).ifPresent(rule ->
                        after.put(field, new LearnedRule(field, rule, workflow, now, 0, 0, 0, addedByReviewer(field, read))));
                return;
            }
            Optional<Reading> reading = VendorRules.read(known.rule(), document);
            if (reading.isPresent() && VendorRules.same(known.rule(), reading.get().value(), value)) {
                after.put(field, known.confirmedOnce());
                return;
            }
            Optional<FieldRule> newer = VendorRules.learn(field, value, read, document);
            if (newer.isPresent()) {
                after.put(field, known.replacedBy(newer.get(), workflow, now));
            } else {
                fail(after, known, reading.isPresent());
            }
        });
        rules.forEach((field, known) -> {
            if (!committed.containsKey(field) && VendorRules.read(known.rule(), document).isPresent()) {
                fail(after, known, true);
            }
        });
        return after;
    }

    private static boolean learnable(String field, Map<String, MachineReading> machine) {
        return !field.startsWith(InvoiceTemplate.LINE_ITEMS)
                && (InvoiceTemplate.FIELDS.contains(field) || !machine.containsKey(field));
    }

    /** A field neither the extraction read on this document nor the invoice template reads: a reviewer added it. */
    private static boolean addedByReviewer(String field, Optional<MachineReading> read) {
        return read.isEmpty() && !InvoiceTemplate.FIELDS.contains(field);
    }

    private static void fail(Map<String, LearnedRule> rules, LearnedRule known, boolean correction) {
        LearnedRule failed = known.failedOnce(correction);
        if (failed.failures() >= LearnedRule.MAX_FAILURES) {
            rules.remove(known.field());
        } else {
            rules.put(known.field(), failed);
        }
    }
}
