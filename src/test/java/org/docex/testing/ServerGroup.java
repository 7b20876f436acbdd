package org.docex.testing;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The servers black-box test classes share ({@link SharedServer}), each with the settings all of its
 * classes need. The same groups run on Open Liberty in CI ({@code .ci/run}, {@code test_on_liberty}),
 * where a server of each group is started with these settings as environment variables.
 */
public enum ServerGroup {

    /**
     * The settings most classes need: webhooks may go to the tests' receiver on loopback and are
     * retried after a second (WebhooksIT, WorkspaceIT), DocumentsIT's upload limit and page render
     * budget, and ReviewIT's limit of reviews per workflow.
     */
    GENERAL,

    /**
     * Settings that leave what the other classes test alone: MFA required of reviewers (MfaPolicyIT,
     * MfaGateIT, EnrolmentAtSignInIT; the other classes sign in no reviewer), the HSTS header
     * (SecurityHeadersIT), /metrics closed (MetricsClosedIT), OCR off (OcrOffIT), and the default
     * webhook settings, which refuse internal addresses (WebhookUrlsIT).
     */
    STRICT,

    /** Four-eyes review, whose reviewers sign in without MFA, and one extraction thread with a capped queue per user (FairQueueIT). */
    FOUR_EYES;

    /** The largest upload the {@link #GENERAL} server accepts, in bytes: small enough to test the limit cheaply, large enough for every sample file. */
    public static final long MAX_UPLOAD_BYTES = 3 * 1024 * 1024;
    /** The {@link #GENERAL} server's budget for page renders kept on disk, in bytes: small, so that a test passes it. */
    public static final long RENDER_CACHE_BYTES = 100_000;
    /** The reviews a workflow may have on the {@link #GENERAL} server: lower than the default 1,000, so that a test reaches it in a few seconds. */
    public static final int REVIEW_MAX_DRAFTS = 25;
    /** The extractions one user may have waiting on the {@link #FOUR_EYES} server. */
    public static final int MAX_QUEUED_PER_USER = 4;

    /** The group's settings as microprofile-config.properties names them, the known first admin and signing key among them. */
    public Map<String, String> settings() {
        return Accounts.settings(switch (this) {
            case GENERAL -> Map.of("docex.webhook-allow-private", "true",
                    "docex.webhook-retry-seconds", "1",
                    "docex.webhook-timeout-seconds", "3",
                    "docex.max-upload-bytes", Long.toString(MAX_UPLOAD_BYTES),
                    "docex.render-cache-bytes", Long.toString(RENDER_CACHE_BYTES),
                    "docex.review-max-drafts", Integer.toString(REVIEW_MAX_DRAFTS));
            case STRICT -> Map.of("docex.mfa-required-roles", "reviewer",
                    "docex.hsts-seconds", "31536000",
                    "docex.metrics-public", "false",
                    "docex.ocr", "off");
            case FOUR_EYES -> Map.of("docex.review-four-eyes", "true",
                    "docex.extraction-threads", "1",
                    "docex.max-queued-per-user", Integer.toString(MAX_QUEUED_PER_USER));
        });
    }

    /** The settings as an operator sets them, as environment variables ({@code docex.max-upload-bytes}: {@code DOCEX_MAX_UPLOAD_BYTES}). */
    public Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>();
        settings().forEach((name, value) -> environment.put(name.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT), value));
        return environment;
    }
}
