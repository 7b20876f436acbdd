package org.docex.extraction.control.workflow;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.ProgressListener;

/**
 * One workflow this node is running. The extraction thread only notes its progress here; the
 * poller saves it at most once per tick and renews the lease, so extraction never waits on the
 * database. Writes are serialised per run, so this node never races itself on the row.
 */
final class ExtractionRun implements ProgressListener {

    private static final Logger LOG = Logger.getLogger(ExtractionRun.class.getName());

    private final UUID workflowId;
    private final RunInput input;
    private final ExtractionRecorder recorder;
    private final Clock clock;
    private volatile int done;
    private volatile int total = -1;
    private int savedDone = -1;
    private Instant savedAt;
    private boolean over;

    ExtractionRun(UUID workflowId, RunInput input, ExtractionRecorder recorder, Clock clock) {
        this.workflowId = workflowId;
        this.input = input;
        this.recorder = recorder;
        this.clock = clock;
        this.savedAt = clock.instant();
    }

    UUID workflowId() {
        return workflowId;
    }

    /** The claim it runs under, and the document, template, custom fields and OCR mode it was claimed with. */
    RunInput input() {
        return input;
    }

    @Override
    public void pagesDone(int pagesDone, int pagesTotal) {
        this.total = pagesTotal;
        this.done = pagesDone;
    }

    /**
     * Saves new progress, or renews the lease when it is due; notes a lost claim. Called on the
     * poller's one-second tick only, so progress is saved at most once a second per run.
     */
    synchronized void heartbeat() {
        int pages = total;
        boolean moved = pages >= 0 && done != savedDone;
        if (over || !(moved || clock.instant().isAfter(savedAt.plus(ExtractionSettings.LEASE_RENEWAL)))) {
            return;
        }
        int pagesDone = done;
        try {
            boolean held = pages < 0 ? recorder.renewLease(workflowId, input.claim())
                    : recorder.progress(workflowId, input.claim(), pagesDone, Math.max(pages, pagesDone));
            if (held) {
                savedDone = pagesDone;
                savedAt = clock.instant();
            } else {
                over = true;
                LOG.info(() -> "Workflow " + workflowId + " is no longer held by " + input.claim() + "; its outcome will be dropped");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not save the progress of workflow " + workflowId, e);
        }
    }

    synchronized void finish(String resultJson, List<String> pageDetails, List<Check> failedChecks,
                             java.util.Optional<InvoiceIdentity> identity) {
        end(recorder.finish(workflowId, input.claim(), resultJson, pageDetails, failedChecks, identity));
    }

    synchronized void fail(String reason) {
        end(recorder.fail(workflowId, input.claim(), reason));
    }

    private void end(boolean recorded) {
        over = true;
        if (!recorded) {
            LOG.info(() -> "Workflow " + workflowId + " was taken from " + input.claim() + " or deleted; outcome dropped");
        }
    }
}
