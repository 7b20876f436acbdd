package org.docex.webhooks.entity;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Where a delivery stands; stored and shown by its lower-case name. */
public enum DeliveryStatus {
    PENDING, SUCCEEDED, FAILED;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<DeliveryStatus> named(String name) {
        return Arrays.stream(values()).filter(status -> status.apiName().equals(name)).findFirst();
    }
}
