package org.docex.intake.control;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.documents.control.DocumentSource;
import org.docex.documents.entity.Document;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.workflow.ExtractionSettings;
import org.docex.schema.SchemaReady;
import org.docex.security.control.Caller;

/**
 * The watched folder ({@code DOCEX_INBOX_DIR}): every file that appears there is uploaded as the
 * configured user, an extraction with the configured template is started, and the file is moved to
 * {@code done/}, or to {@code failed/} with a {@code .reason.txt} beside it.
 *
 * <p>A file is taken once it has held still (the same size and time of change over two looks, the
 * last change {@code DOCEX_INBOX_STABLE_SECONDS} ago), so a file still being written is left alone. It
 * is claimed by moving it atomically into {@code .processing/} under this node's name and a claim id:
 * of two nodes sharing the folder, one move succeeds. The document records the claim id as its source
 * key (unique), so a node that stopped between storing the document and moving the file finds, at
 * its next start, that the claim was already taken, and only finishes the move: nothing is taken twice,
 * and a claimed file is never lost.
 */
@ApplicationScoped
public class InboxFolder {

    private static final Logger LOG = Logger.getLogger(InboxFolder.class.getName());
    static final String PROCESSING = ".processing";
    static final String DONE = "done";
    static final String FAILED = "failed";
    private static final String SEPARATOR = "__";
    /** Another node's claim older than this is taken as left by a node that is gone. */
    private static final Duration ABANDONED = Duration.ofMinutes(10);

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    InboxSettings settings;

    @Inject
    IntakeDocuments intake;

    @Inject
    ExtractionSettings nodes;

    @Inject
    Clock clock;

    private final Map<String, Seen> seen = new HashMap<>();
    private final IntakeLooks looks = new IntakeLooks(LOG, "The watched folder waits: DOCEX_INBOX_USER");
    private Path inbox;
    private String node;

    /** What a file looked like at the last look. */
    private record Seen(long size, Instant modified) {
    }

    synchronized void onSchemaReady(@Observes SchemaReady ready) {
        Optional<Path> dir = settings.dir();
        if (dir.isEmpty()) {
            return;
        }
        if (settings.user().isEmpty()) {
            LOG.severe(() -> "The watched folder " + dir.get() + " is not watched: DOCEX_INBOX_USER must name the docex user"
                    + " its documents are recorded under");
            return;
        }
        try {
            settings.split();
        } catch (IllegalArgumentException e) {
            LOG.severe(() -> "The watched folder " + dir.get() + " is not watched: " + e.getMessage());
            return;
        }
        if (Template.named(settings.template()).isEmpty()) {
            LOG.severe(() -> "The watched folder " + dir.get() + " is not watched: DOCEX_INBOX_TEMPLATE must be generic or invoice");
            return;
        }
        try {
            inbox = dir.get().toAbsolutePath().normalize();
            for (String folder : List.of(PROCESSING, DONE, FAILED)) {
                Files.createDirectories(inbox.resolve(folder));
            }
        } catch (IOException e) {
            LOG.log(Level.SEVERE, "The watched folder " + dir.get() + " is not watched: it cannot be used", e);
            return;
        }
        node = nodes.nodeId().replaceAll("[^A-Za-z0-9._-]", "_");
        looks.start(threadFactory, settings.poll(), this::tick);
        LOG.info(() -> "Watching " + inbox + " for documents of " + settings.user().get() + " (template "
                + settings.template() + ")");
    }

    @PreDestroy
    void stop() {
        looks.stop();
    }

    private void tick() {
        try {
            if (looks.caller(intake, settings.user().orElseThrow()).isEmpty()) {
                return;
            }
            resumeClaims();
            takeStableFiles();
        } catch (IOException | RuntimeException e) {
            // The database or the folder is away for a moment: the next look tries again, nothing is lost.
            LOG.log(Level.WARNING, "The watched folder could not be looked at; trying again", e);
        }
    }

    /** Claims this node left unfinished (it stopped meanwhile), and another node's that lie abandoned. */
    private void resumeClaims() throws IOException {
        try (DirectoryStream<Path> claims = Files.newDirectoryStream(inbox.resolve(PROCESSING))) {
            for (Path claim : claims) {
                String name = claim.getFileName().toString();
                boolean ours = name.startsWith(node + SEPARATOR);
                if (ours || Files.getLastModifiedTime(claim).toInstant().isBefore(clock.instant().minus(ABANDONED))) {
                    process(claim);
                }
            }
        }
    }

    private void takeStableFiles() throws IOException {
        Map<String, Seen> now = new HashMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(inbox)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.startsWith(".")) {
                    continue;
                }
                BasicFileAttributes attributes;
                try {
                    attributes = Files.readAttributes(file, BasicFileAttributes.class);
                } catch (NoSuchFileException gone) {
                    continue;
                }
                if (!attributes.isRegularFile()) {
                    continue;
                }
                Seen look = new Seen(attributes.size(), attributes.lastModifiedTime().toInstant());
                now.put(name, look);
                boolean still = look.equals(seen.get(name))
                        && look.modified().isBefore(clock.instant().minus(settings.stable()));
                if (still) {
                    claim(file).ifPresent(this::process);
                }
            }
        }
        seen.clear();
        seen.putAll(now);
    }

    /** Moves the file into {@code .processing/} as this node's; empty where another node took it first. */
    private Optional<Path> claim(Path file) throws IOException {
        Path claimed = inbox.resolve(PROCESSING).resolve(node + SEPARATOR + UUID.randomUUID() + SEPARATOR
                + file.getFileName());
        try {
            return Optional.of(Files.move(file, claimed, StandardCopyOption.ATOMIC_MOVE));
        } catch (NoSuchFileException | FileAlreadyExistsException takenMeanwhile) {
            return Optional.empty();
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("The watched folder must allow atomic renames within it", e);
        }
    }

    /** Uploads a claimed file (unless its claim was stored before), starts its extraction and moves it on. */
    private void process(Path claimed) {
        String[] parts = claimed.getFileName().toString().split(SEPARATOR, 3);
        if (parts.length < 3) {
            return;
        }
        String filename = parts[2];
        try {
            Caller caller = intake.caller(settings.user().orElseThrow())
                    .orElseThrow(() -> new IllegalStateException("DOCEX_INBOX_USER names no docex user any more"));
            List<Document> documents = intake.take(() -> Files.newInputStream(claimed), filename,
                    DocumentSource.folder("folder:" + parts[1]), caller, settings.template(), settings.split());
            moveTo(claimed, DONE, filename);
            LOG.info(() -> "Took " + filename + " from the watched folder as document(s) "
                    + documents.stream().map(d -> d.id().toString()).toList());
        } catch (WebApplicationException refused) {
            Optional<String> reason = IntakeDocuments.refusal(refused);
            if (reason.isPresent()) {
                // What an upload would have been answered: the file is not a document docex takes, or not within the limits.
                failed(claimed, filename, reason.get());
            } else {
                LOG.log(Level.INFO, "Could not take " + filename + " from the watched folder yet (busy); trying again", refused);
            }
        } catch (IOException | RuntimeException e) {
            // The database or the disk: the claim stays, and this node tries it again at the next look.
            LOG.log(Level.WARNING, "Could not take " + filename + " from the watched folder yet; trying again", e);
        }
    }

    private void failed(Path claimed, String filename, String reason) {
        try {
            Path moved = moveTo(claimed, FAILED, filename);
            Files.writeString(moved.resolveSibling(moved.getFileName() + ".reason.txt"), reason + System.lineSeparator(),
                    StandardCharsets.UTF_8);
            LOG.info(() -> "Did not take " + filename + " from the watched folder: " + reason);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not move " + filename + " to the watched folder's failed/", e);
        }
    }

    /** Moves the claimed file to {@code folder} under its own name, numbered where that name is taken. */
    private Path moveTo(Path claimed, String folder, String filename) throws IOException {
        Path target = inbox.resolve(folder).resolve(filename);
        for (int n = 2; ; n++) {
            try {
                // Not ATOMIC_MOVE: on Linux that replaces a file of the same name; this move refuses to.
                return Files.move(claimed, target);
            } catch (FileAlreadyExistsException taken) {
                target = inbox.resolve(folder).resolve(numbered(filename, n));
            }
        }
    }

    private static String numbered(String filename, int n) {
        int dot = filename.lastIndexOf('.');
        return dot > 0 ? filename.substring(0, dot) + " (" + n + ")" + filename.substring(dot) : filename + " (" + n + ")";
    }
}
