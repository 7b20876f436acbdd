package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionLimits;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How this node runs extractions. The node id names this node's claims in the shared queue; it
 * must stay the same across restarts (so that a restarted node takes back its own leftovers at
 * once) and differ between nodes: the host name unless {@code DOCEX_NODE_ID} says otherwise.
 */
@ApplicationScoped
public class ExtractionSettings {

    /** A running workflow whose node has not renewed its lease for this long is queued again. */
    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration LEASE_RENEWAL = Duration.ofSeconds(5);
    static final Duration POLL_INTERVAL = Duration.ofSeconds(1);
    static final int MAX_ATTEMPTS = 3;

    @Inject
    @ConfigProperty(name = "docex.extraction-threads")
    Optional<Integer> threads;

    @Inject
    @ConfigProperty(name = "docex.node-id")
    Optional<String> nodeId;

    @Inject
    @ConfigProperty(name = "docex.max-pages", defaultValue = "2000")
    int maxPages;

    /** Extractions this node runs at once: {@code DOCEX_EXTRACTION_THREADS}, by default one per core. */
    public int threads() {
        return Math.max(1, threads.orElse(Runtime.getRuntime().availableProcessors()));
    }

    public String nodeId() {
        return nodeId.filter(id -> !id.isBlank()).map(String::strip).orElseGet(ExtractionSettings::hostName);
    }

    /** Every page an upload may have can be extracted. */
    public DocumentExtractor extractor() {
        ExtractionLimits defaults = ExtractionLimits.defaults();
        return new DocumentExtractor(defaults.withMaxPages(Math.max(defaults.maxPages(), maxPages)));
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "docex";
        }
    }
}
