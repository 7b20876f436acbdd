package org.docex.vendors.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonString;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.review.ExtractedValues;
import org.docex.extraction.control.workflow.Workflows;
import org.docex.extraction.entity.Workflow;
import org.docex.extraction.entity.WorkflowStatus;
import org.docex.vendors.control.VendorRules.MachineReading;
import org.docex.vendors.entity.LearningTask;
import org.docex.vendors.entity.StoredRule;
import org.docex.vendors.entity.Vendor;
import org.docex.vendors.entity.VendorDocument;

/**
 * Learns from one committed workflow, in one transaction with taking it off the queue: a crash or
 * a conflict with another node leaves it queued, to be learned from again.
 */
@ApplicationScoped
public class VendorLessons {

    private static final Logger LOG = Logger.getLogger(VendorLessons.class.getName());

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Workflows workflows;

    @Inject
    VendorDirectory directory;

    @Inject
    Clock clock;

    /** Learns from the queued workflow {@code id}; false when another node took it first. */
    @Transactional
    public boolean learnFrom(UUID id) {
        int taken = em.createQuery("DELETE FROM LearningTask t WHERE t.workflowId = :id").setParameter("id", id)
                .executeUpdate();
        if (taken == 0) {
            return false;
        }
        Workflow workflow = em.find(Workflow.class, id);
        if (workflow == null || workflow.status() != WorkflowStatus.COMMITTED || workflow.committed().isEmpty()) {
            return true;
        }
        Map<String, String> committed = workflow.committed().get().fields().asMap();
        List<Identifier> identifiers = VendorIdentity.ofCommitted(committed);
        Optional<String> result = workflows.resultOf(workflow);
        if (!VendorIdentity.identifiesOne(identifiers) || result.isEmpty()) {
            LOG.fine(() -> "Workflow " + id + " gives no VAT id, IBAN or domain of its vendor; nothing learned");
            return true;
        }
        Instant now = clock.instant();
        Vendor vendor = directory.vendorFor(identifiers, now);
        directory.adopt(vendor, identifiers);
        vendor.learned(committed.get("vendor_name"), now);
        if (em.find(VendorDocument.class, id) == null) {
            em.persist(new VendorDocument(id, vendor.id(), now));
        }
        DocumentLines document = DocumentLines.ofStored(pages(workflow));
        Map<String, LearnedRule> before = rules(vendor.id());
        Map<String, LearnedRule> after = Lessons.learn(before, committed, machineReadings(result.get()), document, id, now);
        store(vendor.id(), before, after);
        em.flush();
        return true;
    }

    /** A learning that failed: counted, and given up after {@code maxAttempts}. */
    @Transactional
    public void failed(UUID id, int maxAttempts) {
        LearningTask task = em.find(LearningTask.class, id);
        if (task == null) {
            return;
        }
        task.failedOnce();
        if (task.attempts() >= maxAttempts) {
            em.remove(task);
            LOG.warning(() -> "Gave up learning from workflow " + id + " after " + maxAttempts + " attempts");
        }
    }

    /** The oldest queued workflows, at most {@code limit}. */
    @Transactional
    public List<UUID> queued(int limit) {
        return em.createQuery("SELECT t.workflowId FROM LearningTask t ORDER BY t.queuedAt", UUID.class)
                .setMaxResults(limit).getResultList();
    }

    /** Removes the vendors none of whose committed workflows is left: their identifiers and rules were content of deleted documents. */
    @Transactional
    public void purgeForgotten() {
        em.createQuery("DELETE FROM Vendor v WHERE NOT EXISTS (SELECT d FROM VendorDocument d WHERE d.vendorId = v.id)")
                .executeUpdate();
    }

    Map<String, LearnedRule> rules(UUID vendor) {
        Map<String, LearnedRule> rules = new LinkedHashMap<>();
        for (StoredRule stored : em.createQuery("SELECT r FROM StoredRule r WHERE r.vendorId = :vendor ORDER BY r.field",
                StoredRule.class).setParameter("vendor", vendor).getResultList()) {
            rules.put(stored.field(), new LearnedRule(stored.field(), FieldRule.fromJson(stored.rule()), stored.learnedFrom(),
                    stored.learnedAt(), stored.timesConfirmed(), stored.timesCorrected(), stored.failures(),
                    stored.addedByReviewer()));
        }
        return rules;
    }

    private void store(UUID vendor, Map<String, LearnedRule> before, Map<String, LearnedRule> after) {
        for (String field : before.keySet()) {
            if (!after.containsKey(field)) {
                StoredRule gone = em.find(StoredRule.class, new StoredRule.Key(vendor, field));
                if (gone != null) {
                    em.remove(gone);
                }
            }
        }
        after.forEach((field, rule) -> {
            if (rule.equals(before.get(field))) {
                return;
            }
            StoredRule stored = new StoredRule(vendor, field, rule.rule().toJson(), rule.learnedFrom(), rule.learnedAt(),
                    rule.confirmed(), rule.corrected(), rule.failures(), rule.addedByReviewer());
            if (before.containsKey(field)) {
                em.merge(stored);
            } else {
                em.persist(stored);
            }
        });
    }

    private List<String> pages(Workflow workflow) {
        List<String> pages = new ArrayList<>();
        for (int number = 1; number <= workflow.pagesTotal(); number++) {
            workflows.pageOf(workflow, number).ifPresent(pages::add);
        }
        return pages;
    }

    /** What the extraction read for each field: its most confident reading, as a review starts from it. */
    static Map<String, MachineReading> machineReadings(String resultJson) {
        Map<String, MachineReading> readings = new HashMap<>();
        ExtractedValues.best(resultJson).forEach((name, field) -> {
            BoundingBox box = field.get("bbox") instanceof JsonArray array && array.size() == 4
                    ? new BoundingBox(array.getJsonNumber(0).doubleValue(), array.getJsonNumber(1).doubleValue(),
                    array.getJsonNumber(2).doubleValue(), array.getJsonNumber(3).doubleValue()) : null;
            String type = field.get("type") instanceof JsonString text ? text.getString() : null;
            readings.put(name, new MachineReading(field.getString("value"), type, field.getInt("page", 1), box));
        });
        return readings;
    }
}
