package org.docex.intake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.docex.documents.control.SplitMode;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The watched folder's settings; unset {@code DOCEX_INBOX_DIR}, no folder is watched. */
@ApplicationScoped
public class InboxSettings {

    @Inject
    @ConfigProperty(name = "docex.inbox-dir")
    Optional<String> dir;

    @Inject
    @ConfigProperty(name = "docex.inbox-user")
    Optional<String> user;

    @Inject
    @ConfigProperty(name = "docex.inbox-template", defaultValue = "invoice")
    String template;

    @Inject
    @ConfigProperty(name = "docex.inbox-poll-seconds", defaultValue = "5")
    double pollSeconds;

    /** A file is taken once its size and time of change held still this long (and over two looks). */
    @Inject
    @ConfigProperty(name = "docex.inbox-stable-seconds", defaultValue = "2")
    double stableSeconds;

    /** {@code separator}: each file is a batch, cut into documents at separator sheets and blank pages. */
    @Inject
    @ConfigProperty(name = "docex.inbox-split", defaultValue = "none")
    String split;

    public Optional<Path> dir() {
        return dir.filter(value -> !value.isBlank()).map(value -> Path.of(value.strip()));
    }

    /** The e-mail address of the docex user the folder's documents are recorded under. */
    public Optional<String> user() {
        return user.filter(value -> !value.isBlank()).map(String::strip);
    }

    public String template() {
        return template;
    }

    public Duration poll() {
        return Duration.ofMillis(Math.max(200, Math.round(pollSeconds * 1000)));
    }

    public Duration stable() {
        return Duration.ofMillis(Math.max(0, Math.round(stableSeconds * 1000)));
    }

    /**
     * How each file is cut: one document ({@code none}), at separator sheets and blank pages ({@code separator}), or
     * that with split proposals ({@code suggest}).
     */
    public SplitMode split() {
        return IntakeDocuments.splits(split, "DOCEX_INBOX_SPLIT");
    }
}
