package org.docex.benchmark;

import java.util.List;
import java.util.Set;
import org.docex.build.DocexClient;
import org.docex.build.ExtractionPass;
import org.docex.testing.Api;

/**
 * The service: clients upload every file and start a {@code generic} workflow for it, then poll
 * until every workflow has ended (the build's training run drives it the same way). Pages per
 * second from the first upload to the last result.
 */
final class ServiceExtraction {

    private ServiceExtraction() {
    }

    record Outcome(double pagesPerSecond, long pages, int extracted, int failed, double seconds) {
    }

    static Outcome run(Api api, Corpus corpus, int clients) throws Exception {
        return tally(api, extract(api, corpus, clients));
    }

    /** Uploads and starts every file, then returns once no workflow is queued or running. */
    static ExtractionPass.Pass extract(Api api, Corpus corpus, int clients) throws Exception {
        return ExtractionPass.run(client(api), corpus.files(), clients);
    }

    /** What the pass extracted, read from the workflows' summaries. */
    static Outcome tally(Api api, ExtractionPass.Pass pass) throws Exception {
        long pages = 0;
        int extracted = 0;
        Set<String> ours = Set.copyOf(pass.workflows());
        for (ExtractionPass.Extracted workflow : ExtractionPass.extracted(client(api))) {
            if (ours.contains(workflow.workflow())) {
                extracted++;
                pages += workflow.pages();
            }
        }
        // To the poll that found every workflow ended: finished_at is in whole seconds, too coarse for a pass.
        double seconds = pass.seconds();
        return new Outcome(pages / seconds, pages, extracted, pass.workflows().size() - extracted, seconds);
    }

    private static DocexClient client(Api api) {
        return new DocexClient(api.base(), api.token());
    }
}
