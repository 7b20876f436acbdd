package org.docex.webhooks.control;

import java.util.Arrays;
import java.util.Optional;

/** The events a subscription can ask for, by their API names; CloudEvents type {@code org.docex.<name>}. */
public enum EventType {
    DOCUMENT_UPLOADED("document.uploaded"),
    DOCUMENT_DELETED("document.deleted"),
    WORKFLOW_EXTRACTED("workflow.extracted"),
    WORKFLOW_FAILED("workflow.failed"),
    WORKFLOW_DRAFT_SAVED("workflow.draft_saved"),
    WORKFLOW_COMMITTED("workflow.committed"),
    WORKFLOW_REJECTED("workflow.rejected"),
    WORKFLOW_REOPENED("workflow.reopened"),
    /** Sent only on request, to one subscription, whatever events it asked for. */
    WEBHOOK_TEST("webhook.test");

    private final String apiName;

    EventType(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    public String cloudEventType() {
        return "org.docex." + apiName;
    }

    /** A name a subscription may list (every event but the test event, which is sent only on request). */
    public static Optional<EventType> subscribable(String name) {
        return Arrays.stream(values()).filter(type -> type != WEBHOOK_TEST && type.apiName.equals(name)).findFirst();
    }
}
