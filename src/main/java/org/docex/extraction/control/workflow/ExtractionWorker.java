package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.extraction.control.Check;
import org.docex.documents.control.FileStore;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionFailedException;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.LearnedFields;
import org.docex.extraction.control.Template;

/**
 * Runs one claimed workflow to its end: extracted with its result, or failed with a reason a
 * client can read. Whatever the document does, the workflow does not stay running.
 */
@ApplicationScoped
public class ExtractionWorker {

    private static final Logger LOG = Logger.getLogger(ExtractionWorker.class.getName());

    @Inject
    FileStore files;

    @Inject
    ExtractionSettings settings;

    @Inject
    Instance<FieldMemory> memory;

    @Inject
    InvoiceIdentities identities;

    private DocumentExtractor extractor;

    /** A run whose workflow was deleted or taken back meanwhile still ends here: its outcome is then dropped. */
    void run(ExtractionRun run) {
        RunInput input = run.input();
        Optional<String> failure = Optional.empty();
        ExtractionResult result = null;
        Optional<InvoiceIdentity> identity = Optional.empty();
        try {
            Path pdf = files.pathOf(input.documentId());
            if (!Files.isRegularFile(pdf)) {
                throw new ExtractionFailedException("The document's file is missing");
            }
            result = extractor().extract(pdf, input.template(), input.fields(), input.ocr(), run);
            result = LearnedFields.merge(result, recall(run, result));
            if (input.template() == Template.INVOICE) {
                identity = InvoiceIdentity.of(result);
                result = withCheck(result, duplicate(input.documentId(), identity));
            }
        } catch (ExtractionFailedException e) {
            LOG.log(Level.FINE, "Extraction failed", e);
            failure = Optional.of(e.getMessage());
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            LOG.log(Level.WARNING, "Unexpected failure of workflow " + run.workflowId(), e);
            failure = Optional.of("The PDF could not be processed");
        }
        record(run, result, failure, identity);
    }

    /** Whether another document gave the same invoice; a database that fails here leaves the check unavailable. */
    private Check duplicate(java.util.UUID documentId, Optional<InvoiceIdentity> identity) {
        try {
            return identities.check(documentId, identity);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not look for an earlier copy of the invoice of document " + documentId, e);
            return Check.unavailable(InvoiceIdentities.CHECK, "earlier invoices could not be looked at");
        }
    }

    private static ExtractionResult withCheck(ExtractionResult result, Check check) {
        List<Check> checks = new java.util.ArrayList<>(result.checks());
        checks.add(check);
        return new ExtractionResult(result.metadata(), result.pages(), result.fields(), result.warnings(), checks,
                result.tables(), result.eInvoice());
    }

    /** What the memory of reviews reads on the document; a memory that fails leaves the extraction as it is. */
    private List<ExtractedField> recall(ExtractionRun run, ExtractionResult result) {
        if (!memory.isResolvable()) {
            return List.of();
        }
        try {
            return memory.get().recall(result);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not consult the vendor memory for workflow " + run.workflowId(), e);
            return List.of();
        }
    }

    /** A write that fails leaves the row running: its lease runs out and the queue takes it back. */
    private static void record(ExtractionRun run, ExtractionResult result, Optional<String> failure,
                               Optional<InvoiceIdentity> identity) {
        try {
            if (failure.isPresent()) {
                run.fail(failure.get());
            } else {
                run.finish(ResultJson.write(result), ResultJson.pageDetails(result),
                        result.checks().stream().filter(check -> Check.MISMATCH.equals(check.status())).toList(), identity);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not record the outcome of workflow " + run.workflowId(), e);
        }
    }

    private synchronized DocumentExtractor extractor() {
        if (extractor == null) {
            extractor = settings.extractor();
        }
        return extractor;
    }
}
