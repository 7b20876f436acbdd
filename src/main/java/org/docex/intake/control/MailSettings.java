package org.docex.intake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.docex.documents.control.SplitMode;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The mailbox's settings ({@code DOCEX_MAIL_*}); unset {@code DOCEX_MAIL_HOST}, no mailbox is read. The
 * mailbox is logged in to with {@code DOCEX_MAIL_USER} and either {@code DOCEX_MAIL_PASSWORD} or, where
 * {@code DOCEX_MAIL_OAUTH_TOKEN_URL} is set, an OAuth2 access token (SASL XOAUTH2) from that token endpoint.
 */
@ApplicationScoped
public class MailSettings {

    /** How the connection is secured: TLS from the start (993), STARTTLS required (143), or none (a local test server). */
    public enum Security {
        TLS, STARTTLS, NONE
    }

    /** {@code separator}: each attachment is a batch, cut into documents at separator sheets and blank pages. */
    @Inject
    @ConfigProperty(name = "docex.mail-split", defaultValue = "none")
    String split;

    @Inject
    @ConfigProperty(name = "docex.mail-host")
    Optional<String> host;

    @Inject
    @ConfigProperty(name = "docex.mail-port")
    Optional<Integer> port;

    @Inject
    @ConfigProperty(name = "docex.mail-security", defaultValue = "tls")
    String security;

    @Inject
    @ConfigProperty(name = "docex.mail-user")
    Optional<String> user;

    @Inject
    @ConfigProperty(name = "docex.mail-password")
    Optional<String> password;

    @Inject
    @ConfigProperty(name = "docex.mail-oauth-token-url")
    Optional<String> tokenUrl;

    @Inject
    @ConfigProperty(name = "docex.mail-oauth-client-id")
    Optional<String> clientId;

    @Inject
    @ConfigProperty(name = "docex.mail-oauth-client-secret")
    Optional<String> clientSecret;

    @Inject
    @ConfigProperty(name = "docex.mail-oauth-scope")
    Optional<String> scope;

    /** With a refresh token the token endpoint is asked with it (Gmail); without, by client credentials (Microsoft 365). */
    @Inject
    @ConfigProperty(name = "docex.mail-oauth-refresh-token")
    Optional<String> refreshToken;

    @Inject
    @ConfigProperty(name = "docex.mail-folder", defaultValue = "INBOX")
    String folder;

    @Inject
    @ConfigProperty(name = "docex.mail-processed-folder", defaultValue = "docex-processed")
    String processedFolder;

    @Inject
    @ConfigProperty(name = "docex.mail-failed-folder", defaultValue = "docex-failed")
    String failedFolder;

    @Inject
    @ConfigProperty(name = "docex.mail-poll-seconds", defaultValue = "60")
    double pollSeconds;

    @Inject
    @ConfigProperty(name = "docex.mail-user-as")
    Optional<String> userAs;

    @Inject
    @ConfigProperty(name = "docex.mail-template", defaultValue = "invoice")
    String template;

    /** A larger mail is not read: it goes to the failed folder as it is. */
    @Inject
    @ConfigProperty(name = "docex.mail-max-message-mb", defaultValue = "50")
    int maxMessageMb;

    /** Attachments taken from one mail at most; a mail with more goes to the failed folder. */
    @Inject
    @ConfigProperty(name = "docex.mail-max-attachments", defaultValue = "20")
    int maxAttachments;

    public Optional<String> host() {
        return present(host);
    }

    public Security security() {
        return switch (security.strip().toLowerCase(Locale.ROOT)) {
            case "tls" -> Security.TLS;
            case "starttls" -> Security.STARTTLS;
            case "none" -> Security.NONE;
            default -> throw new IllegalArgumentException("DOCEX_MAIL_SECURITY must be tls, starttls or none, not " + security);
        };
    }

    public int port() {
        return port.orElse(security() == Security.TLS ? 993 : 143);
    }

    public Optional<String> user() {
        return present(user);
    }

    public Optional<String> password() {
        return password.filter(value -> !value.isEmpty());
    }

    public Optional<String> tokenUrl() {
        return present(tokenUrl);
    }

    public Optional<String> clientId() {
        return present(clientId);
    }

    public Optional<String> clientSecret() {
        return clientSecret.filter(value -> !value.isEmpty());
    }

    public Optional<String> scope() {
        return present(scope);
    }

    public Optional<String> refreshToken() {
        return present(refreshToken);
    }

    public String folder() {
        return folder.strip();
    }

    public String processedFolder() {
        return processedFolder.strip();
    }

    public String failedFolder() {
        return failedFolder.strip();
    }

    public Duration poll() {
        return Duration.ofMillis(Math.max(500, Math.round(pollSeconds * 1000)));
    }

    /** The e-mail address of the docex user the mailbox's documents are recorded under. */
    public Optional<String> userAs() {
        return present(userAs);
    }

    public String template() {
        return template;
    }

    public long maxMessageBytes() {
        return Math.max(1, maxMessageMb) * 1024L * 1024L;
    }

    public int maxAttachments() {
        return Math.max(1, maxAttachments);
    }

    /** What is missing or wrong for the mailbox to be read, or empty where nothing is. */
    public Optional<String> problem() {
        try {
            security();
            split();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        if (user().isEmpty()) {
            return Optional.of("DOCEX_MAIL_USER must name the mailbox's user");
        }
        if (tokenUrl().isPresent() ? clientId().isEmpty() : password().isEmpty()) {
            return Optional.of(tokenUrl().isPresent() ? "DOCEX_MAIL_OAUTH_CLIENT_ID must be set with DOCEX_MAIL_OAUTH_TOKEN_URL"
                    : "DOCEX_MAIL_PASSWORD (or DOCEX_MAIL_OAUTH_TOKEN_URL) must be set");
        }
        if (tokenUrl().isPresent() && !secureTokenUrl(tokenUrl().get())) {
            return Optional.of("DOCEX_MAIL_OAUTH_TOKEN_URL must be an https URL (http only to this host): the client's"
                    + " secret is sent to it");
        }
        if (userAs().isEmpty()) {
            return Optional.of("DOCEX_MAIL_USER_AS must name the docex user the mailbox's documents are recorded under");
        }
        if (folder().isEmpty() || processedFolder().isEmpty() || failedFolder().isEmpty()
                || processedFolder().equals(folder()) || failedFolder().equals(folder())) {
            return Optional.of("DOCEX_MAIL_FOLDER, DOCEX_MAIL_PROCESSED_FOLDER and DOCEX_MAIL_FAILED_FOLDER must be set and differ");
        }
        return Optional.empty();
    }

    /** An https URL, or http to this host (a local test server): the token endpoint is sent the client's secret. */
    static boolean secureTokenUrl(String url) {
        try {
            java.net.URI uri = java.net.URI.create(url);
            String host = uri.getHost() == null ? "" : uri.getHost();
            return "https".equalsIgnoreCase(uri.getScheme()) || "http".equalsIgnoreCase(uri.getScheme())
                    && (host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]"));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static Optional<String> present(Optional<String> value) {
        return value.filter(text -> !text.isBlank()).map(String::strip);
    }

    /**
     * How each file is cut: one document ({@code none}), at separator sheets and blank pages ({@code separator}), or
     * that with split proposals ({@code suggest}).
     */
    public SplitMode split() {
        return IntakeDocuments.splits(split, "DOCEX_MAIL_SPLIT");
    }
}
