package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.NotFoundException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.docex.documents.control.DocumentCatalog;
import org.docex.documents.entity.Document;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.control.CustomField;
import org.docex.extraction.control.CustomFieldValidator;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.entity.Workflow;
import org.docex.extraction.entity.WorkflowPage;
import org.docex.extraction.entity.WorkflowResult;
import org.docex.persistence.ResourceId;
import org.docex.security.control.Caller;

/** Starting, finding and listing workflows. A malformed id is as unknown as a missing one. */
@ApplicationScoped
public class Workflows {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    DocumentCatalog documents;

    @Inject
    Event<WorkflowQueued> queued;

    @Inject
    QueuedPerUserLimit queuedPerUser;

    /** Queues an extraction of the document; workers pick it up once the transaction commits. */
    @Transactional
    public Workflow start(String documentId, String templateName, List<CustomField> fields, String ocr, Caller caller) {
        Document document = documents.get(documentId);
        Template template = templateName == null ? Template.GENERIC : Template.named(templateName)
                .orElseThrow(() -> new UnprocessableException("template: unknown template '" + templateName
                        + "' (use generic or invoice)"));
        OcrMode ocrMode = ocr == null ? OcrMode.AUTO : OcrMode.named(ocr)
                .orElseThrow(() -> new UnprocessableException("ocr: must be auto, always or never"));
        List<String> problems = CustomFieldValidator.problems(fields);
        if (!problems.isEmpty()) {
            throw new UnprocessableException("fields: " + String.join("; ", problems));
        }
        queuedPerUser.check(caller.userId());
        Workflow workflow = new Workflow(document.id(), template.apiName(), CustomFieldsJson.write(fields),
                ocrMode.id(), caller.userId(), caller.email(), document.pageCount(), clock.instant());
        em.persist(workflow);
        queued.fire(new WorkflowQueued(workflow.id()));
        return workflow;
    }

    @Transactional
    public Workflow get(String id) {
        return ResourceId.parse(id).map(uuid -> em.find(Workflow.class, uuid))
                .orElseThrow(() -> new NotFoundException("Workflow not found"));
    }

    /** The stored result as JSON, once the workflow was extracted. */
    @Transactional
    public Optional<String> resultOf(Workflow workflow) {
        return Optional.ofNullable(em.find(WorkflowResult.class, workflow.id())).map(WorkflowResult::json);
    }

    /** The stored detail of page {@code number} (1-based) of the workflow's result. */
    @Transactional
    public Optional<String> pageOf(Workflow workflow, int number) {
        return Optional.ofNullable(em.find(WorkflowPage.class, new WorkflowPage.Key(workflow.id(), number)))
                .map(WorkflowPage::json);
    }
}
