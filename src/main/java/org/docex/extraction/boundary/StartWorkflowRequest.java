package org.docex.extraction.boundary;

import jakarta.validation.constraints.NotNull;
import java.util.List;
import org.docex.extraction.control.CustomField;

/** What a client may say when starting an extraction; anything else in the body is ignored. */
public record StartWorkflowRequest(@NotNull String documentId, String template, List<CustomFieldRequest> fields,
                                   String ocr) {

    List<CustomField> customFields() {
        return fields == null ? List.of()
                : fields.stream().map(field -> field == null ? null : field.toField()).toList();
    }
}
