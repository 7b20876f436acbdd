package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.docex.extraction.control.Check;
import org.docex.extraction.entity.Claim;
import org.docex.extraction.entity.Workflow;

/**
 * What the holder of a claim writes while it runs a workflow, one transaction each. Every write
 * first checks that the claim still holds: a workflow that was requeued meanwhile (lease lost),
 * or deleted with its document, answers false and keeps what is stored.
 */
@ApplicationScoped
public class ExtractionRecorder {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Event<ExtractionEnded> ended;

    @Inject
    InvoiceIdentities identities;

    @Transactional
    public boolean progress(UUID id, Claim claim, int done, int total) {
        Instant leaseUntil = clock.instant().plus(ExtractionSettings.LEASE);
        return change(id, claim, workflow -> workflow.progress(claim, done, total, leaseUntil));
    }

    @Transactional
    public boolean renewLease(UUID id, Claim claim) {
        Instant leaseUntil = clock.instant().plus(ExtractionSettings.LEASE);
        return change(id, claim, workflow -> workflow.renewLease(claim, leaseUntil));
    }

    /** The result and each page's detail, stored in the transaction that marks the workflow extracted. */
    @Transactional
    public boolean finish(UUID id, Claim claim, String resultJson, List<String> pageDetails, List<Check> failedChecks,
                          Optional<InvoiceIdentity> identity) {
        return change(id, claim, workflow -> {
            em.persist(workflow.finishExtracted(claim, resultJson, pageDetails.size(), clock.instant()));
            for (int i = 0; i < pageDetails.size(); i++) {
                em.persist(workflow.page(i + 1, pageDetails.get(i)));
            }
            identity.ifPresent(invoice -> identities.record(workflow.id(), workflow.documentId(), invoice, clock.instant()));
            ended.fire(new ExtractionEnded(workflow, failedChecks));
        });
    }

    @Transactional
    public boolean fail(UUID id, Claim claim, String reason) {
        return change(id, claim, workflow -> {
            workflow.fail(claim, reason, clock.instant());
            ended.fire(ExtractionEnded.failed(workflow));
        });
    }

    private boolean change(UUID id, Claim claim, Consumer<Workflow> change) {
        Optional<Workflow> workflow = held(id, claim);
        workflow.ifPresent(change);
        em.flush();
        return workflow.isPresent();
    }

    private Optional<Workflow> held(UUID id, Claim claim) {
        return Optional.ofNullable(em.find(Workflow.class, id)).filter(workflow -> workflow.heldBy(claim));
    }
}
