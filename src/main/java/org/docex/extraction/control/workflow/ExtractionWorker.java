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

    private DocumentExtractor extractor;

    /** A run whose workflow was deleted or taken back meanwhile still ends here: its outcome is then dropped. */
    void run(ExtractionRun run) {
        RunInput input = run.input();
        Optional<String> failure = Optional.empty();
        ExtractionResult result = null;
        try {
            Path pdf = files.pathOf(input.documentId());
            if (!Files.isRegularFile(pdf)) {
                throw new ExtractionFailedException("The document's file is missing");
            }
            result = extractor().extract(pdf, input.template(), input.fields(), input.ocr(), run);
            result = LearnedFields.merge(result, recall(run, result));
        } catch (ExtractionFailedException e) {
            LOG.log(Level.FINE, "Extraction failed", e);
            failure = Optional.of(e.getMessage());
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            LOG.log(Level.WARNING, "Unexpected failure of workflow " + run.workflowId(), e);
            failure = Optional.of("The PDF could not be processed");
        }
        record(run, result, failure);
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
    private static void record(ExtractionRun run, ExtractionResult result, Optional<String> failure) {
        try {
            if (failure.isPresent()) {
                run.fail(failure.get());
            } else {
                run.finish(ResultJson.write(result), ResultJson.pageDetails(result),
                        result.checks().stream().filter(check -> Check.MISMATCH.equals(check.status())).toList());
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
